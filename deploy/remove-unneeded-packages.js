// `node deploy/remove-unneeded-packages.js` (in a production copy, after `npm prune --omit=dev`)
// removes the packages that no production dependency needs. npm keeps a development package that a
// production one names as an optional peer (better-auth names vitest; Scalar's packages name
// typescript), so vite, vitest, rolldown, typescript and jsdom stayed in the image. What is needed is
// read from package-lock.json: the root's dependencies, then each package's dependencies, optional
// dependencies and required peers, found as Node finds them (the nearest node_modules up the tree).
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'

/** The lock's path of the package `name` as required from the package at `from` (a lock path, '' for the root). */
function resolveInLock(packages, from, name) {
  for (let base = from; ; ) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`
    if (packages[candidate]) return candidate
    if (!base) return null
    const parent = base.lastIndexOf('/node_modules/')
    base = parent === -1 ? '' : base.slice(0, parent)
  }
}

/** Lock paths of every package the production dependencies need. */
export function findNeededPackages(lock) {
  const { packages } = lock
  const needed = new Set()
  const queue = ['']
  while (queue.length) {
    const from = queue.shift()
    const entry = packages[from]
    const optionalPeers = entry.peerDependenciesMeta ?? {}
    // The root's development dependencies are under devDependencies, never followed.
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
    ]
    for (const name of names) {
      const found = resolveInLock(packages, from, name)
      if (found && !needed.has(found)) {
        needed.add(found)
        queue.push(found)
      }
    }
  }
  return needed
}

function main() {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'))
  const needed = findNeededPackages(lock)
  let removed = 0
  // Shallowest first: a removed package's own node_modules goes with it.
  const installed = Object.keys(lock.packages)
    .filter((lockPath) => lockPath && !needed.has(lockPath) && existsSync(lockPath))
    .sort((a, b) => a.length - b.length)
  const gone = []
  for (const lockPath of installed) {
    if (gone.some((parent) => lockPath.startsWith(`${parent}/`))) continue
    rmSync(lockPath, { recursive: true, force: true })
    gone.push(lockPath)
    removed++
  }
  // Commands of removed packages, and npm's record of a tree that is no longer there.
  const bin = path.join('node_modules', '.bin')
  for (const link of existsSync(bin) ? readdirSync(bin) : []) {
    const file = path.join(bin, link)
    if (lstatSync(file).isSymbolicLink() && !existsSyncFollowing(file)) rmSync(file)
  }
  rmSync(path.join('node_modules', '.package-lock.json'), { force: true })
  console.log(`Removed ${removed} packages no production dependency needs`)
}

function existsSyncFollowing(file) {
  try {
    statSync(file)
    return true
  } catch {
    return false
  }
}

if (process.argv[1] === import.meta.filename) main()
