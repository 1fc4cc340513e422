// Startup probe: the built package imported, nothing else (`import-only`).
import '../../dist/index.js'

console.log('imported')
