/** The engagement chart's lines: its drawing and the table under it read the same four figures. */
export const CHART_LINES = [
  { key: 'views', color: '#6d28d9', dash: undefined },
  { key: 'visitors', color: '#0891b2', dash: '6 4' },
  { key: 'likes', color: '#db2777', dash: undefined },
  { key: 'downloads', color: '#65a30d', dash: undefined },
] as const
