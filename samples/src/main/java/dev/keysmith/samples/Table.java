package dev.keysmith.samples;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A text table for a terminal: a header, a rule, then one line per row, each column as wide as its widest cell
 * and two spaces between columns.
 *
 * <pre>{@code
 * Table table = new Table("NAME", "NEXT");
 * table.row("invoices", 100);
 * table.print(System.out);
 * }</pre>
 *
 * <p>Not thread-safe: confine to one thread.
 */
public final class Table {

    private static final String GAP = "  ";

    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();

    /** A table with these column headers. */
    public Table(String... headers) {
        if (headers.length == 0) {
            throw new IllegalArgumentException("a table needs at least one column header");
        }
        this.headers = List.of(headers);
    }

    /**
     * Adds a row, one cell per column ({@code String.valueOf} of each value).
     *
     * @throws IllegalArgumentException if the number of cells is not the number of columns
     */
    public Table row(Object... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("a row of this table needs " + headers.size() + " cells "
                    + headers + " but got " + cells.length + ": " + Arrays.toString(cells));
        }
        rows.add(Arrays.stream(cells).map(String::valueOf).toList());
        return this;
    }

    /** Prints the header, a rule of dashes and the rows, with no trailing spaces. */
    public void print(PrintStream out) {
        int[] widths = new int[headers.size()];
        for (int column = 0; column < widths.length; column++) {
            widths[column] = headers.get(column).length();
            for (List<String> row : rows) {
                widths[column] = Math.max(widths[column], row.get(column).length());
            }
        }
        out.println(line(headers, widths));
        out.println(line(Arrays.stream(widths).mapToObj("-"::repeat).toList(), widths));
        rows.forEach(row -> out.println(line(row, widths)));
    }

    private static String line(List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int column = 0; column < cells.size(); column++) {
            String cell = cells.get(column);
            line.append(cell);
            if (column < cells.size() - 1) {
                line.append(" ".repeat(widths[column] - cell.length())).append(GAP);
            }
        }
        return line.toString();
    }
}
