/** The middle value of interleaved rounds: one noisy round on a shared machine moves it least. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
