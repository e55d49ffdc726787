package org.topicstorm.judge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Judgements in CSV ({@code topicstorm judge --import / --export}), read and written with Jackson's CSV format.
 *
 * <p>Import: a header row naming the columns {@code url} and {@code relevant} (in any order; other columns are
 * ignored), then one page a row. {@code relevant} is yes/no, y/n, true/false, 1/0 or relevant/irrelevant, in any
 * case. Blank rows are skipped. Every row is checked before anything is returned: one bad row fails the whole file,
 * with every bad row named by its line.
 *
 * <p>Export: {@code url,relevant,who,judged,score,verdict} ({@code judged} in ISO-8601, an unknown score or
 * verdict empty), which reads back with the import.
 */
public final class JudgeCsv {

    /** One row of an imported file: a URL, its label, and the line it starts on (for messages). */
    public record Label(String url, boolean relevant, int line) {
    }

    /** A file that cannot be imported: the message names the file and each bad line. */
    public static final class MalformedCsvException extends IllegalArgumentException {
        public MalformedCsvException(String message) {
            super(message);
        }
    }

    /** Bad rows listed in a message at most (a file of a wrong kind would list every row). */
    static final int MAX_ERRORS_LISTED = 10;

    public static final List<String> EXPORT_COLUMNS = List.of("url", "relevant", "who", "judged", "score", "verdict");

    private static final CsvMapper CSV = new CsvMapper();

    private JudgeCsv() {
    }

    /**
     * Reads the labels of a CSV file.
     *
     * @param file the file's name, for messages
     * @throws MalformedCsvException naming {@code file:line} and what is wrong, for every bad row
     */
    public static List<Label> read(Reader reader, String file) throws IOException {
        List<Row> rows = rows(reader, file);
        if (rows.isEmpty()) {
            throw new MalformedCsvException(file + ": the file is empty; expected a header row url,relevant");
        }
        Row header = rows.get(0);
        int urlColumn = column(header, "url");
        int relevantColumn = column(header, "relevant");
        if (urlColumn < 0 || relevantColumn < 0) {
            throw new MalformedCsvException(file + ":" + header.line() + ": the header row must name the columns "
                    + "url and relevant, got " + String.join(",", header.cells()));
        }
        List<Label> labels = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (Row row : rows.subList(1, rows.size())) {
            String problem;
            String url = cell(row, urlColumn);
            String relevant = cell(row, relevantColumn);
            Boolean value = relevant == null ? null : parseRelevant(relevant);
            if (url == null) {
                problem = "missing column url (column " + (urlColumn + 1) + ")";
            } else if (url.isEmpty()) {
                problem = "empty url";
            } else if (relevant == null) {
                problem = "missing column relevant (column " + (relevantColumn + 1) + ")";
            } else if (relevant.isEmpty()) {
                problem = "empty relevant";
            } else if (value == null) {
                problem = "relevant must be yes/no, y/n, true/false, 1/0 or relevant/irrelevant, got '" + relevant
                        + "'";
            } else {
                problem = urlProblem(url);
            }
            if (problem != null) {
                errors.add(file + ":" + row.line() + ": " + problem);
            } else {
                labels.add(new Label(url, value, row.line()));
            }
        }
        if (!errors.isEmpty()) {
            StringBuilder m = new StringBuilder(file + ": " + errors.size() + " malformed "
                    + (errors.size() == 1 ? "line" : "lines") + ", nothing imported:");
            errors.stream().limit(MAX_ERRORS_LISTED).forEach(e -> m.append("\n  ").append(e));
            if (errors.size() > MAX_ERRORS_LISTED) {
                m.append("\n  ... and ").append(errors.size() - MAX_ERRORS_LISTED).append(" more");
            }
            throw new MalformedCsvException(m.toString());
        }
        return labels;
    }

    /** The label a cell gives, or null when it is none of the accepted words. */
    static Boolean parseRelevant(String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "yes", "y", "true", "1", "relevant" -> true;
            case "no", "n", "false", "0", "irrelevant" -> false;
            default -> null;
        };
    }

    /** What is wrong with a URL to be judged, or null: it must be an absolute http(s) URL with a host. */
    static String urlProblem(String url) {
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                return "not an http(s) URL: '" + url + "'";
            }
            if (uri.getHost() == null && uri.getRawAuthority() == null) {
                return "URL has no host: '" + url + "'";
            }
            return null;
        } catch (URISyntaxException e) {
            return "not a valid URL: '" + url + "' (" + e.getReason() + ")";
        }
    }

    /** Writes judgements with a header row, one a row, in the given order. */
    public static void write(Writer writer, List<Judgement> judgements) throws IOException {
        try (CsvGenerator g = (CsvGenerator) CSV.getFactory().createGenerator(writer)) {
            // the writer belongs to the caller
            g.disable(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            CsvSchema.Builder schema = CsvSchema.builder();
            EXPORT_COLUMNS.forEach(schema::addColumn);
            g.setSchema(schema.build().withHeader());
            for (Judgement j : judgements) {
                g.writeStartArray();
                g.writeString(j.url());
                g.writeString(Boolean.toString(j.relevant()));
                g.writeString(j.who());
                g.writeString(Instant.ofEpochMilli(j.judged()).toString());
                g.writeString(j.score() == null ? "" : Double.toString(j.score()));
                g.writeString(j.verdict() == null ? "" : Boolean.toString(j.verdict()));
                g.writeEndArray();
            }
        }
    }

    /** A row of cells and the line it starts on (a quoted cell may span lines). */
    private record Row(List<String> cells, int line) {
    }

    /** The non-blank rows of the file. */
    private static List<Row> rows(Reader reader, String file) throws IOException {
        List<Row> rows = new ArrayList<>();
        int lastLine = 0;
        try (CsvParser p = (CsvParser) CSV.getFactory().createParser(reader)) {
            p.enable(CsvParser.Feature.WRAP_AS_ARRAY);
            p.setSchema(CsvSchema.emptySchema());
            // WRAP_AS_ARRAY: one array around the file, one array a row
            if (p.nextToken() != JsonToken.START_ARRAY) {
                return rows;
            }
            JsonToken t;
            while ((t = p.nextToken()) == JsonToken.START_ARRAY) {
                List<String> cells = new ArrayList<>();
                int line = -1;
                while ((t = p.nextToken()) == JsonToken.VALUE_STRING) {
                    if (line < 0) {
                        line = p.currentTokenLocation().getLineNr();
                    }
                    cells.add(p.getText());
                }
                lastLine = Math.max(lastLine, p.currentTokenLocation().getLineNr());
                if (rows.isEmpty() && !cells.isEmpty()) {
                    // a byte-order mark (spreadsheet exports) is not part of the first column's name
                    cells.set(0, cells.get(0).replace("\uFEFF", ""));
                }
                if (cells.stream().anyMatch(c -> !c.isBlank())) {
                    rows.add(new Row(cells, line));
                }
            }
        } catch (JsonProcessingException e) {
            // an unclosed quote: the row it opens in starts after the last row read
            throw new MalformedCsvException(file + ":" + (lastLine + 1) + ": malformed CSV (" + e.getOriginalMessage()
                    + "), nothing imported");
        }
        return rows;
    }

    private static int column(Row header, String name) {
        for (int i = 0; i < header.cells().size(); i++) {
            if (header.cells().get(i).strip().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    private static String cell(Row row, int column) {
        return column < row.cells().size() ? row.cells().get(column).strip() : null;
    }
}
