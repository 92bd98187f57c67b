import { POLICY_VERSION } from '../legal-document'
import { periodWords, policyDate, storageRows, type LegalContent } from './facts'

const mail = (address: string) => `[${address}](mailto:${address})`
const period = periodWords({
  minutes: ['minute', 'minutes'],
  hours: ['hour', 'hours'],
  days: ['day', 'days'],
  months: ['month', 'months'],
})
const date = policyDate('en')

export const en: LegalContent = {
  privacy: (f) => ({
    title: 'Privacy policy',
    summary: `How Afterglow handles personal data: what we collect from the companies that use the platform and from the visitors of our website, why, for how long, who else sees it, and the rights you have.`,
    sections: [
      {
        id: 'who-we-are',
        title: 'Who we are and what this policy covers',
        body: [
          `Afterglow ("we", "us") operates the platform at ${f.siteUrl}, on which companies that run live events — organisers, artists, promoters, venues and festivals — publish branded photo and video galleries, capture fans' details before downloads and see analytics.`,
          'We handle personal data in two different roles:',
          {
            list: [
              '**As controller** for the data of people who hold an account on the platform (company staff), of visitors of this website, and of anyone who registers interest, subscribes to our newsletter or writes to us. This policy describes that processing.',
              '**As processor** for the data that fans leave on a company\'s pages (for example their name and e-mail before a download). There, the company is the controller: it decides why the data is collected and how long it is kept, and we process it only on its behalf and on its instructions. Each company page has its own privacy notice, linked as "Privacy" in its footer; fans should address their requests to that company first.',
            ],
          },
          `For any question about this policy or your data, write to ${mail(f.contactEmail)}.`,
        ],
      },
      {
        id: 'data-we-collect',
        title: 'What we collect',
        body: [
          {
            table: {
              head: ['Category', 'Data', 'Where it comes from'],
              rows: [
                [
                  'Account',
                  'Display name, e-mail address, password (stored only as a salted hash), two-factor secret and backup codes if you turn two-factor on, interface language, your role in each company (admin, manager, user).',
                  'You, when you sign up, accept an invitation or change your settings.',
                ],
                [
                  'Company',
                  'Company name, page address and subdomain, logo, colours, landing texts, plan, and everything the company uploads: photos, videos, files, titles, descriptions, events.',
                  "The company's staff.",
                ],
                [
                  'Security',
                  'Sessions (IP address, browser user agent, start and last activity), audit log entries (sign-ins, lead exports, setting changes, privileged actions), rate-limit counters.',
                  'Generated when the platform is used.',
                ],
                [
                  'Billing',
                  'Plan, subscription status, renewal date, trial dates, the customer reference at our card payment provider, invoices. Card numbers are entered with the payment provider and never reach our servers.',
                  'You and the card payment provider.',
                ],
                [
                  'Website forms',
                  'Interest registration and newsletter: e-mail address, language, date. Contact form: name, e-mail address, message, language, date.',
                  'You, when you send a form.',
                ],
                [
                  'Technical',
                  'Server logs: time, requested address, response status, request identifier, and errors.',
                  'Your browser, when it talks to our servers.',
                ],
              ],
            },
          },
          'We do not collect special categories of data (such as health or political opinions) and ask you not to include them in messages or uploads unless it is necessary.',
        ],
      },
      {
        id: 'purposes',
        title: 'Why we use it, and on which legal basis',
        body: [
          {
            table: {
              head: ['Purpose', 'Data', 'Legal basis (GDPR)'],
              rows: [
                [
                  'Provide the platform: accounts, company pages, uploads, galleries, events, analytics, leads',
                  'Account, company',
                  'Performance of our contract with you or your company (Art. 6(1)(b))',
                ],
                [
                  'Service e-mails: address confirmation, password reset, team invitations, security notices',
                  'Account',
                  'Performance of the contract (Art. 6(1)(b))',
                ],
                [
                  'Keep accounts and the platform secure: sessions, two-factor authentication, audit log, limits on repeated sign-ins and form submissions, investigation of abuse',
                  'Security, technical',
                  'Our legitimate interest in a secure service and in protecting our users (Art. 6(1)(f))',
                ],
                [
                  'Subscriptions, invoices and accounting',
                  'Billing',
                  'Performance of the contract (Art. 6(1)(b)) and our legal obligations to keep accounting records (Art. 6(1)(c))',
                ],
                [
                  'Answer contact messages and interest registrations',
                  'Website forms',
                  'Steps at your request before a contract (Art. 6(1)(b)) and our legitimate interest in answering the people who write to us (Art. 6(1)(f))',
                ],
                [
                  'Send the newsletter',
                  'E-mail address',
                  'Your consent (Art. 6(1)(a)), which you can withdraw at any time',
                ],
                [
                  'Remember your language and your cookie choices',
                  'Browser storage',
                  'Strictly necessary for the service you asked for; see the cookie policy',
                ],
              ],
            },
          },
          'Where the Brazilian General Data Protection Law (LGPD, Law 13.709/2018) applies, the same processing relies on the corresponding bases of its Article 7: performance of a contract, compliance with a legal obligation, legitimate interest and consent.',
          'We do not sell personal data, do not use it for advertising profiles and do not take decisions based solely on automated processing that have legal or similarly significant effects on you.',
        ],
      },
      {
        id: 'fans-data',
        title: "Fans' data on company pages",
        body: [
          'When a fan registers on a company page to download photos or videos, we store on behalf of that company:',
          {
            list: [
              'full name and e-mail address, and — if the company asks for them — phone number and company or organisation;',
              'the consents given: acceptance of the privacy notice (with date and time), consent to the processing of the data, optional consent to marketing, the policy version and the language;',
              'the page and the browser (user agent) from which the fan registered;',
              'what was downloaded and when;',
              'a signed cookie per company page, so that the fan is not asked to register again on every download.',
            ],
          },
          "The company is the controller of this data and decides what it is used for and how long it is kept. We act as its processor: we process the data only on the company's documented instructions (our [terms of service](/terms) include the data processing terms), keep each company's data separated from every other company's, and never use it for our own purposes.",
          "Inside the company, only administrators and managers can see and export leads; every view of the list and every export is written to the company's audit log.",
          `If you are a fan and want to exercise your rights, please contact the company whose page you used. You can also write to ${mail(f.contactEmail)}: we will pass your request on to the company without delay and help it to answer.`,
        ],
      },
      {
        id: 'retention',
        title: 'How long we keep data',
        body: [
          {
            table: {
              head: ['Data', 'Kept'],
              rows: [
                [
                  'Account and company data, uploaded content',
                  `For as long as the account exists. An administrator can close the account in its settings; we delete it, with its files and backups, ${period(f.retention.closedAccounts)} later (until then it can be reopened). Copies in our own backups are overwritten within a further 30 days.`,
                ],
                [
                  "Fans' data (as processor)",
                  "As the company decides; at the latest, it is deleted with the company's account.",
                ],
                [
                  'Sessions',
                  `They end after ${f.sessionIdleMinutes} minutes without activity or when you log out; the record of an ended session (IP address, browser) is deleted ${period(f.retention.endedSessions)} later.`,
                ],
                [
                  'Audit log',
                  'For as long as the company account exists, so that its administrators can review security-relevant actions.',
                ],
                [
                  'Rate-limit counters',
                  `Sign-in counters: ${period(f.retention.signInCounters)}. Form counters: ${f.formRateLimitMinutes} minutes, keyed to a one-way hash of your IP address, never the address itself.`,
                ],
                [
                  'Contact messages and interest registrations',
                  `Deleted ${period(f.retention.websiteMessages)} after our last exchange with you.`,
                ],
                ['Newsletter subscription', 'Until you unsubscribe or withdraw your consent.'],
                [
                  'Billing records and invoices',
                  'As long as tax and accounting law requires (usually between 5 and 10 years).',
                ],
                ['Server logs', `${period(f.retention.logs)}, then deleted.`],
                [
                  'Messages sent to a company’s own systems (webhooks)',
                  `A copy of each, with its delivery attempts, for ${period(f.retention.webhookDeliveries)}, then deleted.`,
                ],
                ['Cookie choices in your browser', `${f.consentValidityDays} days; then we ask again.`],
              ],
            },
          },
        ],
      },
      {
        id: 'recipients',
        title: 'Who receives data',
        body: [
          'We use a small number of service providers who process data on our behalf, under written data processing agreements, and only as far as they need to:',
          {
            list: [
              '**Hosting**: the servers and the database that run the platform.',
              '**Object storage**: where uploaded photos, videos and files are kept.',
              '**E-mail delivery**: the service that sends our e-mails (confirmations, resets, invitations, notifications).',
              '**Card payment provider**: processes subscription payments. For card data and fraud prevention it acts as an independent controller under its own privacy policy.',
            ],
          },
          `An up-to-date list of these providers, with their locations, is available on request at ${mail(f.contactEmail)}.`,
          "Within a company, the company's administrators see its team members and their activity in the audit log. We disclose data to authorities only where the law obliges us to, and we check every such request.",
        ],
      },
      {
        id: 'transfers',
        title: 'International transfers',
        body: [
          'Some providers may process data outside the European Economic Area or outside your country. Where that happens, we rely on an adequacy decision of the European Commission (for example the EU–US Data Privacy Framework for certified companies) or on the European Commission’s Standard Contractual Clauses, with additional safeguards where needed. For transfers of data subject to the LGPD, we use the mechanisms of its Article 33. You can ask us for a copy of the safeguards.',
        ],
      },
      {
        id: 'security',
        title: 'How we protect data',
        body: [
          {
            list: [
              'encrypted connections (HTTPS) and security headers on every page;',
              'passwords stored only as salted hashes, optional two-factor authentication, sessions that end after inactivity, and at most a few live sessions per person;',
              "each company's data fenced off in the database (row-level security), so one company can never read another's;",
              'roles that limit who may see leads and change settings, and an append-only audit log of sensitive actions;',
              'limits on repeated sign-ins and form submissions.',
            ],
          },
          'If a personal data breach is likely to put your rights at risk, we will inform the competent authority and, where required, you, without undue delay.',
        ],
      },
      {
        id: 'your-rights',
        title: 'Your rights',
        body: [
          'Subject to the conditions of the law, you have the right to:',
          {
            list: [
              '**access** the personal data we hold about you and receive a copy;',
              '**rectification** of inaccurate or incomplete data;',
              '**erasure** of your data;',
              '**restriction** of processing;',
              '**data portability**: receive the data you gave us in a structured, machine-readable format, or have it sent to another provider;',
              '**object** to processing based on our legitimate interests;',
              '**withdraw your consent** at any time (for example to the newsletter or optional cookies), without affecting processing carried out before;',
              '**complain** to a data protection supervisory authority, in particular in the country where you live or work, or where an infringement took place. In Brazil, this is the National Data Protection Authority (ANPD).',
            ],
          },
          `To exercise your rights, write to ${mail(f.contactEmail)}. We answer within one month (extendable by two months for complex requests, in which case we tell you why) and may ask you to confirm your identity. Many account data you can also change yourself in the admin area.`,
          "For data you left on a company's page as a fan, the company is responsible; see the section on fans' data above.",
        ],
      },
      {
        id: 'cookies',
        title: 'Cookies and local storage',
        body: [
          'We use only the cookies and browser storage the service needs, such as the session cookie and the storage of your language and cookie choices. With your consent to analytics, one first-party cookie counts your return visits once; no advertising cookies are set and no third-party trackers are used. The details, and how to change your choices at any time, are in our [cookie policy](/cookies).',
        ],
      },
      {
        id: 'children',
        title: 'Children',
        body: [
          'Platform accounts are for businesses and adults only. Company pages are open to everyone, but fans under 16 (or the lower age set by the law of their country) should register to download only with the consent of a parent or guardian.',
        ],
      },
      {
        id: 'changes',
        title: 'Changes to this policy',
        body: [
          `This is version ${POLICY_VERSION} of the policy, last updated on ${date}. When we change it, we publish the new version here with a new date; if the change is significant, we inform account holders by e-mail before it takes effect.`,
        ],
      },
      {
        id: 'contact',
        title: 'Contact',
        body: [`Privacy questions and requests: ${mail(f.contactEmail)}.`],
      },
    ],
  }),

  terms: (f) => ({
    title: 'Terms of service',
    summary: `The agreement between Afterglow and the companies that use the platform: plans and trial, payments, content, fans' data and the data processing terms, acceptable use and liability.`,
    sections: [
      {
        id: 'agreement',
        title: 'The agreement',
        body: [
          `These terms govern the use of the Afterglow platform at ${f.siteUrl} (the "service") by companies and the people who work for them. By creating an account or a company, you accept these terms on behalf of yourself and of the company you create or join, and confirm that you are authorised to do so.`,
          'The service is meant for businesses and professionals — event organisers, artists, promoters, venues, festivals and their teams. It is not offered to consumers for private purposes; fans use the public company pages under the terms of the company concerned.',
        ],
      },
      {
        id: 'service',
        title: 'The service',
        body: [
          'Afterglow lets a company publish photo and video galleries, single downloadable items and events on its own branded public page, ask fans to register before they download, see analytics about views and downloads, and manage its team and subscription.',
          'We may improve and change the service over time. We will not remove a feature that is a core part of your paid plan during a paid period without telling you in advance and offering a fair solution.',
        ],
      },
      {
        id: 'accounts',
        title: 'Accounts, roles and security',
        body: [
          {
            list: [
              'Give accurate details and keep your e-mail address up to date; we use it for confirmations, password resets and security notices.',
              'Keep your password secret and turn on two-factor authentication. You are responsible for what happens under your account until you tell us about a misuse.',
              'Each company has at least one administrator. Administrators decide who joins the team and with which role (admin, manager or user) and are responsible for removing people who should no longer have access.',
              `For security, sessions end after ${f.sessionIdleMinutes} minutes without activity and the number of simultaneous sessions per person is limited.`,
            ],
          },
        ],
      },
      {
        id: 'plans-and-payment',
        title: 'Plans, free trial and payment',
        body: [
          '**Plans.** Starter is free. Professional and Enterprise are paid monthly subscriptions. What each plan includes (storage, photos per event, branding, analytics, QR codes, download resolution, brands, custom domain, API keys, backups) is shown on our [pricing](/#pricing) and in the admin area.',
          `**Free trial.** Each company can try Professional free for ${f.trialDays} days, once. At the end of the trial the company continues on Starter unless an administrator subscribes; content stays stored, but Professional features stop.`,
          '**Prices and currencies.** Prices are shown per month in US dollars, euros or Brazilian reais. Taxes such as VAT are added where the law requires.',
          '**Payment.** Subscriptions are paid in advance by card through our card payment provider and renew automatically every month until cancelled. Invoices and the billing history are available in the admin area through the payment provider’s customer portal.',
          '**Cancellation.** An administrator can cancel at any time; the subscription then ends at the close of the month already paid, and the company moves to Starter. Payments already made are not refunded, except where the law requires it.',
          '**Late payment.** If a payment fails and is not settled after reminders, we may move the company to Starter.',
          '**Price changes.** We announce price changes at least 30 days in advance by e-mail; they apply from the next billing period, and you may cancel before then.',
        ],
      },
      {
        id: 'content',
        title: 'Your content',
        body: [
          'You keep all rights to the photos, videos, files and texts you upload. You give us the non-exclusive, worldwide licence we need to run the service for you: to store your content, make smaller versions and previews of it, and show and deliver it to the people you choose — for published content, to the public — for as long as it stays on the platform.',
          'You confirm that you hold the rights needed to publish your content, including those of photographers and filmmakers and, where required, of the people who appear in it, and that publishing it does not break the law. If someone asks to be removed from a photo, handle the request promptly.',
          'We may remove or block content that is clearly illegal or that we are lawfully ordered to remove, and will tell you why unless the law forbids it.',
        ],
      },
      {
        id: 'fans-data',
        title: "Fans' data: your role as controller",
        body: [
          'For the personal data of fans collected on your page (leads, consents, downloads), your company is the controller and Afterglow is your processor. You decide what you collect and why, and you are responsible for having a lawful basis, for informing fans — the page shows a privacy notice in your name that you must review and, where needed, complete — and for answering their requests.',
          'Send marketing messages only to fans who gave marketing consent, and keep leads only as long as you need them. You can delete leads in the admin area at any time.',
        ],
      },
      {
        id: 'data-processing',
        title: 'Data processing terms',
        body: [
          "These terms form the data processing agreement required by Article 28 GDPR (and by the LGPD) for the fans' data we process for you:",
          {
            list: [
              '**Subject and duration**: hosting your public pages and processing fans’ registrations, consents and downloads for as long as you use the service.',
              '**Data and people concerned**: fans’ names, e-mail addresses, optional phone numbers and organisations, consents, browser details and download history.',
              '**Instructions**: we process the data only on your documented instructions — these terms and your settings in the service — unless the law requires otherwise, in which case we tell you first where allowed.',
              '**Confidentiality**: everyone at Afterglow with access to the data is bound to confidentiality.',
              '**Security**: we apply the technical and organisational measures described in our [privacy policy](/privacy), including separation of each company’s data, encryption in transit, access control and audit logging.',
              '**Sub-processors**: you authorise the categories of providers listed in our privacy policy (hosting, object storage, e-mail delivery). We impose the same data protection obligations on them, inform you of intended changes, and you may object for good reason.',
              '**Assistance**: we help you answer fans’ requests and meet your obligations on security, breach notification and impact assessments, as far as reasonable for our role.',
              '**Breaches**: we notify you without undue delay after becoming aware of a personal data breach affecting your fans’ data.',
              `**End of processing**: when your account is closed we delete the data ${period(f.retention.closedAccounts)} later, after giving you the chance to export your leads, unless the law requires us to keep it.`,
              '**Audits**: we make available the information needed to demonstrate compliance and allow reasonable audits, announced in advance and at your cost.',
            ],
          },
        ],
      },
      {
        id: 'acceptable-use',
        title: 'Acceptable use',
        body: [
          'Do not use the service to:',
          {
            list: [
              'publish illegal content, content that infringes the rights of others, or content that sexualises minors;',
              'harass people, send spam or contact fans without a valid basis;',
              'upload malware or try to break, probe or overload the service or other companies’ data;',
              'get around plan limits, rate limits or security measures, or collect data from the service automatically without our permission;',
              'resell the service or use it to build a competing product, unless we agreed in writing.',
            ],
          },
        ],
      },
      {
        id: 'availability',
        title: 'Availability and support',
        body: [
          'We work to keep the service available and fast, and schedule maintenance for quiet hours where we can, but we do not promise uninterrupted availability. Support is provided by e-mail. Service levels, a dedicated account manager and custom arrangements for Enterprise customers are agreed in writing.',
          'Keep your own copies of important content: the platform is not a backup of your files, except where your plan includes the automatic backup export.',
        ],
      },
      {
        id: 'termination',
        title: 'Suspension and termination',
        body: [
          'An administrator can close the company account at any time in its settings (Company data), or ask us to close it. We may suspend or close an account that seriously or repeatedly breaks these terms, or where the law requires it; where possible we warn you first and give you time to fix the problem.',
          'Before an account is closed you can export your leads and download your content. After closing, data is deleted as described in the privacy policy.',
        ],
      },
      {
        id: 'intellectual-property',
        title: 'Our intellectual property',
        body: [
          'The platform, its software, design and the Afterglow name and logo belong to us or our licensors. These terms give you the right to use the service, not ownership of it. If you send us suggestions, we may use them without obligation.',
        ],
      },
      {
        id: 'liability',
        title: 'Warranties and liability',
        body: [
          'We provide the service with reasonable skill and care. Beyond that, and as far as the law allows, the service is provided as it is, without further warranties.',
          'Our total liability for all claims in a year is limited to the fees your company paid us in the twelve months before the event giving rise to the claim (or 100 euros, if higher). We are not liable for indirect losses such as lost profits or lost data that a reasonable backup would have avoided.',
          'These limits do not apply to liability that cannot be limited by law, such as for intent, gross negligence, or death or personal injury caused by negligence.',
          'You are responsible for your content and for how you use fans’ data, and you will compensate us for claims by third parties arising from them.',
        ],
      },
      {
        id: 'changes',
        title: 'Changes to these terms',
        body: [
          `This is version ${POLICY_VERSION} of the terms, last updated on ${date}. We tell administrators of significant changes by e-mail at least 30 days before they take effect. If you do not agree, you may cancel before then; continuing to use the service afterwards means you accept the new terms.`,
        ],
      },
      {
        id: 'law',
        title: 'Applicable law and disputes',
        body: [
          'These terms are governed by the law of the country in which the operator of Afterglow is established, without prejudice to mandatory provisions of the law of the country where your company is based. Before going to court, we will both try in good faith to settle a disagreement by talking to each other.',
        ],
      },
      {
        id: 'contact',
        title: 'Contact',
        body: [`Questions about these terms: ${mail(f.contactEmail)}.`],
      },
    ],
  }),

  cookies: (f) => ({
    title: 'Cookie policy',
    summary: `Which cookies and browser storage Afterglow and the company pages it hosts use, what they are for, how long they last, and how to change your choices.`,
    sections: [
      {
        id: 'what-are-cookies',
        title: 'What cookies and local storage are',
        body: [
          'Cookies are small text files a website stores in your browser and reads back on later visits. Local storage is a similar place in the browser where a site keeps small values; it is not sent to the server automatically. This policy covers both, on our website and on the company pages we host.',
        ],
      },
      {
        id: 'categories',
        title: 'Categories',
        body: [
          {
            list: [
              '**Necessary** — needed for the site to work and for what you ask of it: signing in, staying secure, remembering that you registered to download, your language and your cookie choices. They cannot be turned off.',
              '**Functional** — remember optional conveniences beyond the strictly necessary.',
              '**Analytics** — help us and the companies understand which pages, photos and videos are viewed, by counting return visits once.',
              '**Marketing** — would be used to show or measure advertising.',
            ],
          },
          `Afterglow sets necessary cookies and storage and, only if you allow analytics, one first-party analytics cookie: a random number, not linked to your name or e-mail, so that a return visit within ${f.visitorCookieMonths} months is counted once. Without it, visits are still counted, anonymously, with a key that changes every day. We set no marketing cookies and use no third-party trackers. If you withdraw analytics consent, the cookie is deleted on your next page.`,
        ],
      },
      {
        id: 'what-we-use',
        title: 'What we use',
        body: [
          {
            table: {
              head: ['Name', 'Type', 'Category', 'Purpose', 'Duration'],
              rows: storageRows(
                {
                  session: {
                    purpose:
                      'Keeps company staff signed in to the admin area. On https the name starts with `__Secure-`. Set only after signing in.',
                    duration: `Ends after ${f.sessionIdleMinutes} minutes without activity or at logout`,
                  },
                  twoFactor: {
                    purpose: 'Links the second sign-in step to the first when two-factor authentication is on.',
                    duration: '10 minutes',
                  },
                  lead: {
                    name: '`ag_lead_…` (one per company)',
                    purpose:
                      'Signed by our server; remembers that you already registered on that company’s page, so you can download without filling in the form again.',
                    duration: `${f.leadCookieDays} days`,
                  },
                  lang: { purpose: 'Tells the server which language to show pages in.', duration: '1 year' },
                  selectedLanguage: {
                    purpose: 'The language you chose, kept in the browser.',
                    duration: 'Until you delete it; kept when you log out',
                  },
                  language: {
                    purpose: 'The same language choice under its older name, when present.',
                    duration: 'Until you delete it; kept when you log out',
                  },
                  trackingConsent: {
                    purpose: 'Your cookie decision (accepted or declined), its version and date.',
                    duration: `${f.consentValidityDays} days`,
                  },
                  cookiePreferences: {
                    purpose:
                      'The categories you allowed and a record of your last ten choices (date, categories, browser, page).',
                    duration: `${f.consentValidityDays} days`,
                  },
                  bannerSeen: {
                    purpose: 'That you answered or closed the cookie banner, so it does not come back on every page.',
                    duration: `${f.consentValidityDays} days`,
                  },
                  visitor: {
                    purpose:
                      'Only with your analytics consent: a random number that lets return visits to a company page count once. Not linked to your name or e-mail.',
                    duration: `${f.visitorCookieMonths} months, or until you withdraw analytics consent`,
                  },
                },
                { cookie: 'Cookie', localStorage: 'Local storage', necessary: 'Necessary', analytics: 'Analytics' },
              ),
            },
          },
        ],
      },
      {
        id: 'consent',
        title: 'Your consent and how to change it',
        body: [
          'On your first visit a banner lets you accept all categories, decline the optional ones or choose per category. Necessary cookies are always on. Declining keeps functional storage and turns analytics and marketing off.',
          `Your choice is stored in your browser for ${f.consentValidityDays} days and tied to version ${POLICY_VERSION} of this policy; after that, or when the policy version changes, we ask again. You can change your choice at any time with the **Cookie settings** link at the bottom of every page, and withdrawing consent is as easy as giving it.`,
          'You can also delete cookies and local storage in your browser settings. If you delete the necessary ones you will be signed out, asked for your language again and, on a company page, asked to register again before downloading.',
        ],
      },
      {
        id: 'company-pages',
        title: 'Company pages',
        body: [
          'Company pages hosted on Afterglow — at our address or on a company’s own subdomain or domain — use the same cookies and the same consent settings. The company whose page you visit is responsible for the data you leave there; see its privacy notice, linked in the page footer.',
        ],
      },
      {
        id: 'more',
        title: 'More information',
        body: [
          `How we handle personal data in general is explained in our [privacy policy](/privacy). Questions: ${mail(f.contactEmail)}.`,
        ],
      },
    ],
  }),

  companyTerms: (f) => ({
    title: `Terms of use — ${f.companyName}`,
    summary: `The rules for using ${f.companyName}'s page: viewing and downloading the photos and videos, registering before a download, and what you may do with them.`,
    sections: [
      {
        id: 'about',
        title: 'About this page',
        body: [
          `This page and its galleries are published by **${f.companyName}**, which is responsible for them. It runs on Afterglow, a platform that hosts pages for event organisers and artists; Afterglow provides the technology on ${f.companyName}'s behalf. By using the page you accept these terms.`,
        ],
      },
      {
        id: 'use-of-content',
        title: 'Using the photos and videos',
        body: [
          `The photos, videos and other files belong to ${f.companyName} or to the photographers, filmmakers and artists who made them. You may view and download them for your **personal, non-commercial use**, and share them on your own social networks with a mention of ${f.companyName} where possible.`,
          'Without written permission you may not:',
          {
            list: [
              'use them commercially, for example in advertising, merchandise or paid publications;',
              'edit them in a way that distorts the people shown or the event, or remove watermarks or credits;',
              'present them as your own work or sell or license them to others.',
            ],
          },
        ],
      },
      {
        id: 'registration',
        title: 'Registering before a download',
        body: [
          `Some downloads ask for your name and e-mail address first. Give your own, accurate details. How ${f.companyName} uses them is explained in its [privacy notice](${f.companyBasePath}/privacidade).`,
        ],
      },
      {
        id: 'people-in-photos',
        title: 'If you appear in a photo',
        body: [
          `If you appear in a photo or video and would like it removed, contact ${f.companyName}. It will review your request promptly.`,
        ],
      },
      {
        id: 'behaviour',
        title: 'Fair use of the page',
        body: [
          'Do not try to get around the registration, collect the content automatically in bulk, overload the page or access anything that is not published for you.',
        ],
      },
      {
        id: 'availability',
        title: 'Availability and liability',
        body: [
          `The page is offered free of charge. ${f.companyName} may change or remove galleries at any time and does not guarantee that the page is always available. As far as the law allows, ${f.companyName} and Afterglow are not liable for losses from using or being unable to use the page; your statutory rights as a consumer are not affected.`,
        ],
      },
      {
        id: 'contact',
        title: 'Contact',
        body: [
          `Contact ${f.companyName} through the contact details on its page or its official channels. If you cannot reach it, write to Afterglow at ${mail(f.contactEmail)} and we will pass your message on.`,
          `Version ${POLICY_VERSION}, last updated ${date}.`,
        ],
      },
    ],
  }),

  companyPrivacy: (f) => ({
    title: `Privacy notice — ${f.companyName}`,
    summary: `How ${f.companyName} handles your personal data when you visit its page and register to download photos and videos.`,
    sections: [
      {
        id: 'controller',
        title: 'Who is responsible',
        body: [
          `**${f.companyName}** is the controller of the personal data collected on this page: it decides why your data is collected and how it is used.`,
          `The page is hosted by **Afterglow**, which processes the data only on ${f.companyName}'s behalf and instructions, as its processor, under a data processing agreement. Afterglow does not use your data for its own purposes and does not sell it.`,
        ],
      },
      {
        id: 'data',
        title: 'What is collected',
        body: [
          {
            list: [
              '**When you register to download**: your full name and e-mail address and, if the form asks for them, your phone number and company or organisation.',
              '**Your consents**: that you accepted this notice (with date and time), your consent to the processing of your data, your optional consent to receive marketing, the version of this notice and your language.',
              '**Context of the registration**: the page you registered on and your browser (user agent).',
              '**Downloads**: what you downloaded, when and in which quality.',
              `**Technical data**: your IP address, used briefly to protect the page against abuse (rate limiting) and in server logs kept for ${period(f.retention.logs)}.`,
              '**Cookies and local storage**: a signed cookie that remembers your registration on this page, your language, your cookie choices and, only with your analytics consent, a random visitor number — see the [cookie policy](/cookies).',
            ],
          },
          `Views and other visits are counted without identifying you: the random key of the day that turns your connection into an anonymous number is deleted after ${period(f.retention.analyticsSalt)}, and each counted visit after ${period(f.retention.analyticsEvents)}; only daily totals remain.`,
        ],
      },
      {
        id: 'purposes',
        title: 'Why, and on which legal basis',
        body: [
          {
            table: {
              head: ['Purpose', 'Legal basis'],
              rows: [
                [
                  'Give you the photos and videos you asked for, and keep a record of your registration and consents',
                  'Your consent (GDPR Art. 6(1)(a); LGPD Art. 7, I)',
                ],
                [
                  `Understand which content and events fans like, so that ${f.companyName} can improve its shows and pages`,
                  `Your consent to the processing of your data and ${f.companyName}'s legitimate interest (GDPR Art. 6(1)(f); LGPD Art. 7, IX)`,
                ],
                [
                  `Send you news and offers from ${f.companyName} (tickets, releases, merchandise)`,
                  'Only if you ticked the optional marketing consent (GDPR Art. 6(1)(a); LGPD Art. 7, I)',
                ],
                [
                  'Protect the page against abuse',
                  'Legitimate interest in a secure service (GDPR Art. 6(1)(f); LGPD Art. 7, IX)',
                ],
              ],
            },
          },
          'Giving your details is voluntary, but some downloads are only available after registration.',
        ],
      },
      {
        id: 'find-me',
        title: 'Find me: finding your photos with a selfie',
        body: [
          'Where a gallery offers **Find me**, you may take a selfie or choose a photo of yourself to find the photos of that gallery you are in. It is only used if you ask for it and tick its own consent box.',
          {
            list: [
              "**What is processed**: your selfie, to read the features of your face (biometric data) and compare them with the faces in the gallery's photos. The selfie is processed in memory and discarded at once: it is never stored, never written to logs and never shared.",
              '**What is kept**: that a search was made (date and time, the version of the consent text, your language) and which photos it found, so that your link opens them for 30 days. Nothing of it names you.',
              "**The gallery's photos**: while Find me is on for a gallery, the faces in its photos are kept as numbers (not images) so that searches can find them; they are deleted with the photo, the gallery, or as soon as the company switches Find me off.",
              '**Legal basis**: your explicit consent (GDPR Art. 9(2)(a); LGPD Art. 11, I), which you can withdraw at any time by not searching again; a "Remove me" request asks the company to hide those photos or to leave your face out of its search.',
            ],
          },
        ],
      },
      {
        id: 'recipients',
        title: 'Who sees your data',
        body: [
          `Only ${f.companyName}'s authorised team members (its administrators and managers) can see and export the list of registrations; each access is recorded. Afterglow and its service providers (hosting, storage, e-mail delivery) process the data only to run the page. Your data is not sold. It is disclosed to authorities only where the law requires it.`,
          `If ${f.companyName} connects its own systems to the page (for example its mailing or ticketing tool, through the Afterglow API or webhooks), your registration is sent to them when you register, under the same rules. Afterglow keeps a copy of each message sent for ${period(f.retention.webhookDeliveries)} to show that it arrived, then deletes it.`,
          'Some of these providers may process data outside your country. Where that happens, it is protected by an adequacy decision or by standard contractual clauses.',
        ],
      },
      {
        id: 'retention',
        title: 'How long it is kept',
        body: [
          `Your registration is kept until you withdraw your consent or ask for it to be deleted, or until ${f.companyName} deletes it because it is no longer needed — and at the latest until ${f.companyName} closes its Afterglow account. Marketing consent ends as soon as you withdraw it. The signed cookie stays in your browser for ${f.leadCookieDays} days, or until you delete it.`,
        ],
      },
      {
        id: 'rights',
        title: 'Your rights',
        body: [
          'You have the right to access your data, have it corrected or deleted, restrict or object to its processing, receive it in a portable format, and withdraw your consent at any time — withdrawal does not affect what was done before. You can also complain to a data protection supervisory authority, in particular where you live (in Brazil, the ANPD).',
          `To exercise these rights, contact ${f.companyName} through the contact details on its page. You can also write to Afterglow at ${mail(f.contactEmail)}: it will forward your request to ${f.companyName} without delay.`,
        ],
      },
      {
        id: 'changes',
        title: 'Changes',
        body: [
          `This is version ${POLICY_VERSION} of this notice, last updated on ${date}. If it changes significantly, the new version is shown here and, where your consent is needed again, you will be asked for it.`,
        ],
      },
    ],
  }),
}
