// Imported first (by settings.mjs): a stale build (the app's or the reference app's) is rebuilt
// before anything is measured or pinned.
import { ensureBuild, ensureReferenceBuild } from '../lib/build.mjs'

ensureBuild()
ensureReferenceBuild()
