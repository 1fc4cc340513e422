import { CORPUS_PROJECTS, compileItem, corpusApps, corpusItems } from './test/corpus/corpus-schema.js'
for (const p of CORPUS_PROJECTS) {
  const { crm } = await corpusApps(p)
  for (const item of corpusItems(p)) {
    const c = compileItem(crm.metadata, item)
    if ('unsupported' in c) console.log(p, item.kind, `${item.object}.${item.name}`, item.type, '|', c.unsupported, '|', item.text.slice(0, 60).replace(/\n/g, ' '))
  }
}
