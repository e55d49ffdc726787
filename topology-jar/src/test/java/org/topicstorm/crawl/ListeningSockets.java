package org.topicstorm.crawl;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The TCP sockets that processes listen on, read from Linux's /proc (for asserting "loopback only"). */
final class ListeningSockets {

    private ListeningSockets() {
    }

    /** A listening TCP socket: its process, and its local address as /proc shows it (hex). */
    record Listener(long pid, String localAddress) {
        boolean loopback() {
            String host = localAddress.substring(0, localAddress.indexOf(':'));
            return host.equals("0100007F")                                   // 127.0.0.1 (little-endian)
                    || host.equals("00000000000000000000000001000000")       // ::1
                    || host.equals("0000000000000000FFFF00000100007F");      // ::ffff:127.0.0.1
        }
    }

    /** Every TCP socket in LISTEN state held by one of the processes. */
    static List<Listener> of(Iterable<Long> pids) throws IOException {
        List<Listener> listeners = new ArrayList<>();
        for (long pid : pids) {
            Set<String> inodes = socketInodes(pid);
            for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
                Path file = Path.of(table);
                if (!Files.isReadable(file)) {
                    continue;
                }
                List<String> lines = Files.readAllLines(file);
                for (String line : lines.subList(1, lines.size())) {
                    String[] f = line.trim().split("\\s+");
                    // fields: sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode ...
                    if (f.length > 9 && f[3].equals("0A") && inodes.contains(f[9])) {
                        listeners.add(new Listener(pid, f[1]));
                    }
                }
            }
        }
        return listeners;
    }

    private static Set<String> socketInodes(long pid) {
        Set<String> inodes = new HashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException e) {
                    // closed meanwhile
                }
            }
        } catch (IOException e) {
            // the process exited
        }
        return inodes;
    }
}
