// Imported first (by settings.mjs): a stale build is rebuilt before anything is measured or pinned.
import { ensureBuild } from '../lib/build.mjs'

ensureBuild()
