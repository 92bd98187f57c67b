-- The plan a person chose on the pricing page before signing up (the Professional trial): the first
-- company they create starts its trial, so the choice survives the e-mail confirmation.
ALTER TABLE "users" ADD COLUMN "sign_up_plan" text;