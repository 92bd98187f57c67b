import { describe, expect, it } from 'vitest'
import { timecode, timelineTicks } from './video-table'

describe('the heatmap timeline', () => {
  it('labels 0, round moments and the end, never crowding the end', () => {
    expect(timelineTicks(8)).toEqual([0, 2, 4, 6, 8])
    expect(timelineTicks(60)).toEqual([0, 15, 30, 45, 60])
    expect(timelineTicks(61)).toEqual([0, 30, 61])
    expect(timelineTicks(600)).toEqual([0, 300, 600])
    expect(timelineTicks(7_300).map(timecode)).toEqual(['0:00', '1:00:00', '2:01:40'])
    // A label between the last round one and the end would overlap it: it is left out.
    expect(timelineTicks(64)).toEqual([0, 30, 64])
  })
})
