import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// only the charts the dashboards draw (line, bar, pie), drawn as SVG (sharp in the PDF, no canvas to read)
use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, SVGRenderer]);

/** The ten colours of pies and series. */
export const PALETTE = [
  '#0958d9',
  '#fa8c16',
  '#389e0d',
  '#cf1322',
  '#722ed1',
  '#08979c',
  '#d48806',
  '#c41d7f',
  '#595959',
  '#1d39c4',
];

export type Slice = { name: string; value: number; color?: string };

/** A ring of slices with their counts beside them and a legend below (the dashboards' pies). */
export function donut(slices: Slice[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['35%', '60%'],
        label: { formatter: '{c}' },
        data: slices.map((s) => ({
          name: s.name,
          value: s.value,
          itemStyle: s.color ? { color: s.color } : undefined,
        })),
      },
    ],
  };
}

type Props = {
  option: EChartsCoreOption;
  /** what the chart shows, for assistive technology (its data is in the panel's table or legend too) */
  label: string;
  height?: number;
};

/** An ECharts chart that follows its option and its box's width. */
export function Chart({ option, label, height = 260 }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const made = init(box.current, undefined, { renderer: 'svg' });
    chart.current = made;
    const resize = new ResizeObserver(() => made.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      made.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption({ color: PALETTE, ...option }, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
