package org.topicstorm.judge;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which fetched pages to ask a person about: those whose score is nearest the threshold (where the model is least
 * sure, so a judgement teaches most, and where a move of the threshold changes verdicts), spread over hosts (one
 * host's pages are alike: a judgement of the tenth teaches less than one of another host's). Pages already judged
 * are left out.
 *
 * <p>The pick goes in passes: each pass takes every host's nearest remaining page, nearest first; the next pass the
 * hosts' second nearest, and so on, until {@code n} are taken. Pure and deterministic (ties by URL).
 */
public final class JudgeSample {

    /** A page that may be judged. */
    public record Candidate(String url, String host, double score) {
    }

    private JudgeSample() {
    }

    public static List<Candidate> pick(List<Candidate> candidates, double threshold, Set<String> judged, int n) {
        Comparator<Candidate> nearest = Comparator.<Candidate>comparingDouble(c -> Math.abs(c.score() - threshold))
                .thenComparing(Candidate::url);
        Map<String, List<Candidate>> byHost = new LinkedHashMap<>();
        candidates.stream().filter(c -> !judged.contains(c.url())).distinct().sorted(nearest)
                .forEach(c -> byHost.computeIfAbsent(c.host(), h -> new ArrayList<>()).add(c));
        List<Candidate> out = new ArrayList<>();
        for (int pass = 0; out.size() < n; pass++) {
            List<Candidate> round = new ArrayList<>();
            for (List<Candidate> host : byHost.values()) {
                if (pass < host.size()) {
                    round.add(host.get(pass));
                }
            }
            if (round.isEmpty()) {
                break;
            }
            round.sort(nearest);
            out.addAll(round.subList(0, Math.min(round.size(), n - out.size())));
        }
        return out;
    }
}
