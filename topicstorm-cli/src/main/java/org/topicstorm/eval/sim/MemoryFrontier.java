package org.topicstorm.eval.sim;

import com.digitalpebble.stormcrawler.persistence.Status;
import org.topicstorm.frontier.FrontierReader;
import org.topicstorm.frontier.RankCut;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.frontier.StatusMerge;
import org.topicstorm.frontier.StatusUpdate;
import org.topicstorm.priority.Aggregation;
import org.topicstorm.priority.Demotion;
import org.topicstorm.priority.Lift;
import org.topicstorm.priority.LinkClassifier;
import org.topicstorm.priority.LinkLearner;
import org.topicstorm.priority.RegionHarvest;
import org.topicstorm.topic.LinkSettings;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The status index of a simulated crawl, in memory: one {@link StatusDoc} per URL, changed only through
 * {@link StatusMerge} (the frontier's own rules: sums over distinct parents, lifts, demotions, fetch outcomes), and
 * batches chosen by {@link FrontierReader#choose} (best first, K URLs per host, the rank cut). It is also the link
 * learner's view of the crawl ({@link LinkLearner.Crawl}), answering what {@code EsLinkCrawl} answers from
 * Elasticsearch. Single-threaded.
 */
public final class MemoryFrontier implements LinkLearner.Crawl {

    /** The order of ES's sort on a timestamp, newest first, ties by URL (deterministic). */
    private static final Comparator<StatusDoc> LAST_FETCHED_FIRST =
            Comparator.comparingLong((StatusDoc d) -> d.lastFetched() == null ? Long.MIN_VALUE : d.lastFetched())
                    .reversed().thenComparing(StatusDoc::url);

    private final StatusMerge merge;
    private final LinkSettings.Learned learned;
    private final double threshold;
    private final Map<String, StatusDoc> docs = new HashMap<>();
    /** parent URL -> the URLs it links to: the links index's part in a demotion (which children to lower) */
    private final Map<String, Set<String>> children = new HashMap<>();
    /** URLs waiting to be fetched, kept apart so that a batch sorts only them */
    private final Set<String> waiting = new LinkedHashSet<>();

    /**
     * @param learned   what a judged page teaches the link learner ({@link LinkSettings.Learned#example})
     * @param threshold the topic's relevance threshold (for a score target)
     */
    public MemoryFrontier(StatusMerge merge, LinkSettings.Learned learned, double threshold) {
        this.merge = merge;
        this.learned = learned;
        this.threshold = threshold;
    }

    /** Applies one update as the status writer would; returns whether the stored document changed. */
    public boolean apply(StatusUpdate u, long now) {
        StatusDoc after = merge.merge(docs.get(u.url()), u, now);
        if (after == null) {
            return false;
        }
        docs.put(u.url(), after);
        if (Status.DISCOVERED.name().equals(after.status())) {
            waiting.add(u.url());
        } else {
            waiting.remove(u.url());
        }
        if (u.status() == Status.DISCOVERED && u.parent() != null && !u.isDemotion() && !u.isRescore()) {
            children.computeIfAbsent(u.parent(), p -> new LinkedHashSet<>()).add(u.url());
        }
        return true;
    }

    /** 003's sibling rule as the status writer applies it: the parent's contribution to each child lowered. */
    public void demote(Demotion d, long now) {
        for (String child : List.copyOf(children.getOrDefault(d.parent(), Set.of()))) {
            apply(StatusUpdate.demoted(child, d.parent(), d.factor(), Aggregation.SUM), now);
        }
    }

    /** The stored document of a URL, or null. */
    public StatusDoc get(String url) {
        return docs.get(url);
    }

    /**
     * The next batch: of the waiting URLs due at {@code now} and not in {@code leftOut} (in flight), what the
     * frontier reader would take.
     */
    public List<StatusDoc> nextBatch(long now, Collection<String> leftOut, int maxHosts, int perHost,
                                     RankCut rankCut) {
        List<StatusDoc> due = new ArrayList<>();
        for (String url : waiting) {
            StatusDoc d = docs.get(url);
            if (d.nextFetchDate() != null && d.nextFetchDate() <= now && !leftOut.contains(url)) {
                due.add(d);
            }
        }
        due.sort(FrontierReader.BEST_FIRST);
        return FrontierReader.choose(due, maxHosts, perHost, rankCut);
    }

    /** URLs waiting (DISCOVERED), due or not. */
    public int waitingCount() {
        return waiting.size();
    }

    // The link learner's view of the crawl (what EsLinkCrawl reads from the status index)

    @Override
    public long judgedPages() {
        return docs.values().stream().filter(d -> Status.FETCHED.name().equals(d.status())).count();
    }

    @Override
    public List<LinkClassifier.Example> recentExamples(int max) {
        List<StatusDoc> fetched = new ArrayList<>(docs.values().stream()
                .filter(d -> Status.FETCHED.name().equals(d.status())).toList());
        fetched.sort(LAST_FETCHED_FIRST);
        Set<String> ledToRelevant = new HashSet<>();
        if (learned.childCredit() > 0) {
            for (StatusDoc d : fetched) {
                if (Boolean.TRUE.equals(d.relevant()) && d.parent() != null) {
                    ledToRelevant.add(d.parent());
                }
            }
        }
        List<LinkClassifier.Example> examples = new ArrayList<>();
        for (StatusDoc d : fetched.subList(0, Math.min(max, fetched.size()))) {
            if (!d.linkFeatures().isEmpty() && d.relevant() != null) {
                examples.add(new LinkClassifier.Example(d.linkFeatures(), learned.example(d.relevant(),
                        d.relevance() == null ? 0 : d.relevance(), threshold, ledToRelevant.contains(d.url()))));
            }
        }
        Collections.reverse(examples); // oldest first, as judged
        return examples;
    }

    @Override
    public List<LinkLearner.Waiting> bestWaiting(int max) {
        return best(waiting, max);
    }

    @Override
    public List<LinkLearner.Waiting> waitingIn(String region, int max) {
        return best(waiting.stream().filter(u -> docs.get(u).regions().contains(region)).toList(), max);
    }

    /** Of these waiting URLs the {@code max} best, those with link features (as the search of EsLinkCrawl). */
    private List<LinkLearner.Waiting> best(Collection<String> urls, int max) {
        List<StatusDoc> best = new ArrayList<>();
        for (String url : urls) {
            best.add(docs.get(url));
        }
        best.sort(FrontierReader.BEST_FIRST);
        List<LinkLearner.Waiting> out = new ArrayList<>();
        for (StatusDoc d : best.subList(0, Math.min(max, best.size()))) {
            if (!d.linkFeatures().isEmpty()) {
                out.add(new LinkLearner.Waiting(d.url(), d.linkFeatures(), d.lift()));
            }
        }
        return out;
    }

    @Override
    public RegionHarvest.State regionCounts(int maxRegions) {
        long judged = 0;
        long relevant = 0;
        Map<String, long[]> counts = new HashMap<>();
        for (StatusDoc d : docs.values()) {
            if (Status.FETCHED.name().equals(d.status())) {
                boolean r = Boolean.TRUE.equals(d.relevant());
                judged++;
                relevant += r ? 1 : 0;
                for (String region : d.regions()) {
                    long[] c = counts.computeIfAbsent(region, k -> new long[2]);
                    c[0]++;
                    c[1] += r ? 1 : 0;
                }
            }
        }
        // the regions with most judged pages, as a terms aggregation returns them
        Map<String, RegionHarvest.Count> regions = new HashMap<>();
        counts.entrySet().stream()
                .sorted(Comparator.comparingLong((Map.Entry<String, long[]> e) -> -e.getValue()[0])
                        .thenComparing(Map.Entry::getKey))
                .limit(maxRegions)
                .forEach(e -> regions.put(e.getKey(), new RegionHarvest.Count(e.getValue()[0], e.getValue()[1])));
        return new RegionHarvest.State(0, new RegionHarvest.Count(judged, relevant), regions);
    }

    /** The simulated clock of the current write: rescoring happens at the learner's "now". */
    private long clock;

    /** Sets the time at which the learner's rescores are written. */
    public void at(long now) {
        this.clock = now;
    }

    @Override
    public void refresh() {
        // writes are visible at once
    }

    @Override
    public int rescore(List<LinkLearner.Waiting> urls, List<Lift> lifts) {
        int changed = 0;
        for (int i = 0; i < urls.size(); i++) {
            changed += apply(StatusUpdate.rescored(urls.get(i).url(), lifts.get(i)), clock) ? 1 : 0;
        }
        return changed;
    }
}
