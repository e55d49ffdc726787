package org.topicstorm.crawl;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.ListenerNotFoundException;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Watches this JVM's memory while a test runs (for a crawl in a LocalCluster, that is the worker's): the peak heap
 * in use, sampled every 200 ms; the peak heap still in use right after a garbage collection (the live data, which
 * does not depend on when the collector happens to run); and the process's peak resident set (VmHWM, reset when
 * the watch starts). Measures only: a test prints the numbers, it does not judge them.
 */
final class MemoryWatch implements AutoCloseable {

    private final AtomicLong peakUsed = new AtomicLong();
    private final AtomicLong peakAfterGc = new AtomicLong();
    private final AtomicLong collections = new AtomicLong();
    private final boolean peakReset = resetPeakResident();
    private final long rssAtStart = residentKb("VmRSS");
    private final Thread sampler;
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final NotificationListener onGc = (notification, handback) -> {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        long after = heapAfter(info);
        peakAfterGc.accumulateAndGet(after, Math::max);
        collections.incrementAndGet();
    };

    MemoryWatch() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(onGc, null, null);
                emitters.add(emitter);
            }
        }
        sampler = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                peakUsed.accumulateAndGet(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(),
                        Math::max);
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "memory-watch");
        sampler.setDaemon(true);
        sampler.start();
    }

    /** The heap in use after a collection (its usage map holds non-heap pools too: metaspace, code cache). */
    private static long heapAfter(GarbageCollectionNotificationInfo info) {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                MemoryUsage usage = info.getGcInfo().getMemoryUsageAfterGc().get(pool.getName());
                if (usage != null) {
                    sum += usage.getUsed();
                }
            }
        }
        return sum;
    }

    /** A line such as "heap: peak used 412 MiB (sampled every 200 ms), peak after GC 160 MiB (57 GCs), ...". */
    String report() {
        long maxHeap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getMax();
        return String.format("heap: peak used %d MiB (sampled every 200 ms), peak live after a GC %d MiB (%d GCs), "
                        + "max %d MiB; process resident set: %d MiB at the start, peak %d MiB (VmHWM since %s)",
                peakUsed.get() >> 20, peakAfterGc.get() >> 20, collections.get(), maxHeap >> 20,
                rssAtStart >> 10, residentKb("VmHWM") >> 10, peakReset ? "the start" : "the JVM started");
    }

    /**
     * Resets the process's peak resident set (VmHWM), so that it covers the watched span only and not, say, an
     * earlier test in the same JVM ("5" in /proc/PID/clear_refs, Linux 4.0 and later); false if it could not.
     */
    private static boolean resetPeakResident() {
        try {
            Files.writeString(Path.of("/proc/self/clear_refs"), "5");
            return true;
        } catch (IOException | RuntimeException e) {
            return false; // an older kernel or no /proc: VmHWM then counts from the JVM's start (the report says so)
        }
    }

    /** A field of /proc/self/status in kB ("VmRSS", "VmHWM"), or -1 where there is none. */
    private static long residentKb(String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith(field + ":")) {
                    return Long.parseLong(line.substring(field.length() + 1).replace("kB", "").strip());
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux: no resident set figures
        }
        return -1;
    }

    @Override
    public void close() {
        sampler.interrupt();
        for (NotificationEmitter emitter : emitters) {
            try {
                emitter.removeNotificationListener(onGc);
            } catch (ListenerNotFoundException e) {
                // already gone
            }
        }
    }
}
