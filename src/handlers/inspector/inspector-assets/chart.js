// The stats buckets as a stacked bar chart (SVG): success, client errors, server errors per bucket.

const NS = 'http://www.w3.org/2000/svg'
const KINDS = ['success', 'clientError', 'serverError']

function svg(tag, attrs, text) {
  const element = document.createElementNS(NS, tag)
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value))
  if (text !== undefined) element.textContent = text
  return element
}

export function bucketChart(buckets) {
  const width = 600
  const height = 140
  const top = 12
  const bottom = 18
  const chart = svg('svg', {
    class: 'chart',
    viewBox: `0 0 ${width} ${height}`,
    preserveAspectRatio: 'none',
    'data-testid': 'bucket-chart',
    role: 'img',
  })
  const max = Math.max(1, ...buckets.map((bucket) => KINDS.reduce((sum, kind) => sum + bucket[kind], 0)))
  const slot = width / Math.max(1, buckets.length)
  const scale = (height - top - bottom) / max
  buckets.forEach((bucket, index) => {
    let y = height - bottom
    for (const kind of KINDS) {
      if (bucket[kind] === 0) continue
      const barHeight = bucket[kind] * scale
      y -= barHeight
      const bar = svg('rect', {
        class: kind,
        x: index * slot + 1,
        y,
        width: Math.max(1, slot - 2),
        height: barHeight,
      })
      bar.append(svg('title', {}, `${bucket.from}: ${bucket[kind]} ${kind}`))
      chart.append(bar)
    }
  })
  chart.append(svg('text', { x: 2, y: 10 }, `max ${max}`))
  if (buckets.length > 0) {
    chart.append(svg('text', { x: 2, y: height - 4 }, buckets[0].from))
    chart.append(svg('text', { x: width - 2, y: height - 4, 'text-anchor': 'end' }, buckets.at(-1).from))
  }
  return chart
}
