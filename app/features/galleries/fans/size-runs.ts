/**
 * The sizes of the photos held ahead of a gallery's page (see PendingGrid), as they travel: runs of
 * one size, `2400x1600*57,1600x2400,2400x1600*62`. A camera's photos share their size, so 120
 * sizes are a few runs, and the page's data carries one string instead of 120 pairs (each pair a
 * value its encoder wrote, and a fan's browser read, on every render of a large gallery).
 */
export function sizeRunsOf(sizes: Array<[width: number, height: number]>) {
  const runs: string[] = []
  let count = 0
  for (const [index, [width, height]] of sizes.entries()) {
    count++
    const following = sizes[index + 1]
    if (following && following[0] === width && following[1] === height) continue
    runs.push(count === 1 ? `${width}x${height}` : `${width}x${height}*${count}`)
    count = 0
  }
  return runs.join(',')
}

/** The sizes `sizeRunsOf` wrote, in their order. */
export function sizesOfRuns(runs: string): Array<[width: number, height: number]> {
  const sizes: Array<[number, number]> = []
  for (const run of runs ? runs.split(',') : []) {
    const [size, count = '1'] = run.split('*')
    const [width, height] = size.split('x').map(Number)
    for (let i = 0; i < Number(count); i++) sizes.push([width, height])
  }
  return sizes
}
