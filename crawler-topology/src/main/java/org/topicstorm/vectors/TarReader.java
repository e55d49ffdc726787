package org.topicstorm.vectors;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Finds one file in a tar stream (POSIX ustar, with GNU long names and pax path records), as npm packs packages.
 *
 * <p>Why not commons-compress: it is on the classpath only through other libraries, and its 1.28 tar reader needs a
 * newer commons-lang3 than the 3.11 that Deeplearning4j brings (NoClassDefFoundError at the first entry).
 */
final class TarReader {

    private static final int BLOCK = 512;

    private TarReader() {
    }

    /**
     * Positions the stream at the content of the named entry and returns a stream limited to that content.
     *
     * @return the entry's content, or null when the archive has no such entry
     */
    static InputStream find(InputStream tar, String name) throws IOException {
        byte[] header = new byte[BLOCK];
        String longName = null;
        while (true) {
            if (tar.readNBytes(header, 0, BLOCK) < BLOCK || isZero(header)) {
                return null;
            }
            long size = octal(header, 124, 12);
            char type = (char) header[156];
            String entryName = longName != null ? longName : headerName(header);
            longName = null;
            if (type == 'L' || type == 'x') {
                // GNU long name / pax extended header: applies to the next entry.
                byte[] data = readFully(tar, size);
                skip(tar, padding(size));
                String text = new String(data, StandardCharsets.UTF_8);
                longName = type == 'L' ? text.replace("\0", "") : paxPath(text);
                continue;
            }
            if ((type == '0' || type == '\0') && entryName.equals(name)) {
                return new Bounded(tar, size);
            }
            skip(tar, size + padding(size));
        }
    }

    private static String headerName(byte[] header) {
        String name = string(header, 0, 100);
        boolean ustar = string(header, 257, 6).startsWith("ustar");
        String prefix = ustar ? string(header, 345, 155) : "";
        return prefix.isEmpty() ? name : prefix + "/" + name;
    }

    /** The "path" record of a pax header ("<length> path=<value>\n"), or null. */
    private static String paxPath(String records) {
        for (String line : records.split("\n")) {
            int space = line.indexOf(' ');
            if (space > 0 && line.startsWith("path=", space + 1)) {
                return line.substring(space + 1 + "path=".length());
            }
        }
        return null;
    }

    private static String string(byte[] b, int off, int len) {
        int end = off;
        while (end < off + len && b[end] != 0) {
            end++;
        }
        return new String(b, off, end - off, StandardCharsets.UTF_8);
    }

    private static long octal(byte[] b, int off, int len) throws IOException {
        long value = 0;
        for (int i = off; i < off + len; i++) {
            byte c = b[i];
            if (c == 0 || c == ' ') {
                if (value > 0) {
                    break;
                }
                continue;
            }
            if (c < '0' || c > '7') {
                throw new IOException("corrupt tar header: size field is not octal");
            }
            value = value * 8 + (c - '0');
        }
        return value;
    }

    private static boolean isZero(byte[] block) {
        for (byte b : block) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    private static long padding(long size) {
        return (BLOCK - size % BLOCK) % BLOCK;
    }

    private static byte[] readFully(InputStream in, long size) throws IOException {
        if (size > 1 << 20) {
            throw new IOException("tar extended header of " + size + " bytes");
        }
        byte[] data = in.readNBytes((int) size);
        if (data.length < size) {
            throw new EOFException("tar archive ends inside an entry");
        }
        return data;
    }

    private static void skip(InputStream in, long n) throws IOException {
        in.skipNBytes(n);
    }

    /** At most {@code remaining} bytes of the underlying stream; close() leaves it open. */
    private static final class Bounded extends FilterInputStream {
        private long remaining;

        Bounded(InputStream in, long size) {
            super(in);
            this.remaining = size;
        }

        @Override
        public int read() throws IOException {
            if (remaining <= 0) {
                return -1;
            }
            int b = in.read();
            if (b >= 0) {
                remaining--;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (remaining <= 0) {
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, remaining));
            if (n > 0) {
                remaining -= n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = in.skip(Math.min(n, remaining));
            remaining -= skipped;
            return skipped;
        }

        @Override
        public int available() throws IOException {
            return (int) Math.min(in.available(), remaining);
        }

        @Override
        public void close() {
            // The archive stream is closed by its owner.
        }
    }
}
