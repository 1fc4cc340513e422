// The org schema each app version serves (GET /__replica/schema): what the sources loaded, and
// the formulas, default values and validation rules skipped because they did not compile, each
// with its file, line and reason.
import { control } from './api.js'
import { h, renderIfChanged, table } from './dom.js'

export function schemaView() {
  let container
  return {
    mount(element) {
      container = h('section', { class: 'panel', 'data-testid': 'schema' })
      element.append(container)
    },
    async refresh() {
      const report = await control('/schema')
      renderIfChanged(container, report, () => [
        h('p', { 'data-testid': 'schema-message' }, report.message),
        report.versions.filter((version) => version.report).map(versionPart),
      ])
    },
  }
}

function versionPart(version) {
  const { counts, skipped } = version.report
  return [
    h('h3', {}, `${version.appId} ${version.version}`),
    h(
      'p',
      { 'data-testid': 'schema-counts' },
      `${counts.objects} objects, ${counts.fields} fields, ${counts.validationRules} validation rules, ` +
        `${counts.formulas} formulas, ${version.records} records; ${counts.ignored} ignored, ${counts.skipped} skipped`,
    ),
    h('h4', {}, 'Skipped: did not compile'),
    table(
      [
        ['kind', (item) => item.kind],
        ['item', (item) => item.item],
        ['where', (item) => (item.line === undefined ? item.file : `${item.file}:${item.line}`)],
        ['reason', (item) => item.reason],
      ],
      skipped,
      { testid: 'schema-skipped', empty: 'nothing skipped' },
    ),
  ]
}
