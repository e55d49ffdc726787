package org.topicstorm.bench;

import java.lang.management.ManagementFactory;
import java.util.Locale;

/** One line describing where a benchmark ran, for its report. */
public final class Machine {

    private Machine() {
    }

    /** E.g. "2 cores, 23.5 GiB RAM, load 0.12, Java 17.0.15 (Debian), Linux 6.1". */
    public static String describe() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        String memory = "";
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            memory = String.format(Locale.ROOT, ", %.1f GiB RAM", sun.getTotalMemorySize() / (1024.0 * 1024 * 1024));
        }
        return String.format(Locale.ROOT, "%d cores%s, load average %.2f, Java %s (%s), %s %s",
                Runtime.getRuntime().availableProcessors(), memory, os.getSystemLoadAverage(),
                System.getProperty("java.version"), System.getProperty("java.vendor"), os.getName(), os.getVersion());
    }
}
