package org.topicstorm.eval;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The harvest rate against pages fetched, one line per strategy (like figure 4 of the 001 paper), with the ceiling
 * min(1, |R| / n) that no crawl can pass, as a PNG.
 */
public final class HarvestChart {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 540;

    private HarvestChart() {
    }

    /**
     * @param title      the chart's title (e.g. the topic's name)
     * @param strategies the strategies' names
     * @param metrics    their measures, in the same order
     * @param truthSize  |R|, for the ceiling
     */
    public static void write(Path png, String title, List<String> strategies, List<CrawlMetrics> metrics,
                             int truthSize) throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle("pages fetched").yAxisTitle("harvest rate (%)").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(100.0);
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        int longest = 0;
        for (int i = 0; i < strategies.size(); i++) {
            double[] hr = metrics.get(i).curve();
            if (hr.length == 0) {
                continue;
            }
            longest = Math.max(longest, hr.length);
            double[] x = new double[hr.length];
            double[] y = new double[hr.length];
            for (int n = 1; n <= hr.length; n++) {
                x[n - 1] = n;
                y[n - 1] = 100 * hr[n - 1];
            }
            XYSeries s = chart.addSeries(strategies.get(i), x, y);
            s.setMarker(SeriesMarkers.NONE);
        }
        if (longest > 0 && truthSize > 0) {
            double[] x = new double[longest];
            double[] y = new double[longest];
            for (int n = 1; n <= longest; n++) {
                x[n - 1] = n;
                y[n - 1] = 100 * Math.min(1.0, (double) truthSize / n);
            }
            XYSeries ceiling = chart.addSeries("ceiling min(1, |R|/n), |R| = " + truthSize, x, y);
            ceiling.setMarker(SeriesMarkers.NONE);
            ceiling.setLineStyle(SeriesLines.DASH_DASH);
            ceiling.setLineColor(Color.GRAY);
        }
        Files.createDirectories(png.toAbsolutePath().getParent());
        try (OutputStream out = Files.newOutputStream(png)) {
            BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
        }
    }

    /** The chart of an evaluation's result. */
    public static void write(Path png, EvalRunner.Result result) throws IOException {
        write(png, "Harvest rate: " + result.topic().name() + " (" + String.join(", ", result.topic().corpora()) + ")",
                result.runs().stream().map(EvalRunner.Run::strategy).toList(),
                result.runs().stream().map(EvalRunner.Run::metrics).toList(), result.truthSize());
    }
}
