import type { EngagementFigures } from './server/read-engagement.server'

/** The headline figures of the admin's screens, from the rollups' figures. */
export type Headline = {
  views: number
  visitors: number
  likes: number
  shares: number
  downloads: number
  comments: number
  watchedMinutes: number
  leads: number
  completionRate: number | null
}

export const HEADLINE_KEYS = [
  'views',
  'visitors',
  'likes',
  'shares',
  'downloads',
  'comments',
  'watchedMinutes',
  'leads',
] as const

/** Views are pages and items opened; downloads count single files and gallery ZIPs alike. */
export function headlineOf(figures: EngagementFigures): Headline {
  return {
    views: figures.pageViews + figures.itemViews,
    visitors: figures.visitors,
    likes: figures.likes,
    shares: figures.shares,
    downloads: figures.downloads + figures.zipDownloads,
    comments: figures.comments,
    watchedMinutes: Math.round((figures.watchedSeconds / 60) * 10) / 10,
    leads: figures.leads,
    completionRate: figures.plays > 0 ? figures.completions / figures.plays : null,
  }
}
