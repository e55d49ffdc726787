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
 *
 * <p>Only near the threshold, the judged pages would teach a classifier little about the pages far from it, and its
 * verdicts there would drift (a known bias of pure uncertainty sampling); {@link #mixed} therefore takes half of the
 * sample from pages drawn at random over the whole crawl.
 */
public final class JudgeSample {

    /** A page that may be judged. */
    public record Candidate(String url, String host, double score) {
    }

    private JudgeSample() {
    }

    /**
     * Half the sample nearest the threshold ({@link #pick}), half from {@code random} (pages drawn at random, in that
     * order, one host at a time), interleaved; when one half runs out the other fills in.
     */
    public static List<Candidate> mixed(List<Candidate> near, List<Candidate> random, double threshold,
                                        Set<String> judged, int n) {
        List<Candidate> nearest = pick(near, threshold, judged, n);
        Set<String> taken = new java.util.HashSet<>(judged);
        List<Candidate> spread = new ArrayList<>();
        Map<String, List<Candidate>> byHost = new LinkedHashMap<>();
        random.stream().filter(c -> !judged.contains(c.url())).distinct()
                .forEach(c -> byHost.computeIfAbsent(c.host(), h -> new ArrayList<>()).add(c));
        for (int pass = 0; spread.size() < n; pass++) {
            boolean any = false;
            for (List<Candidate> host : byHost.values()) {
                if (pass < host.size()) {
                    spread.add(host.get(pass));
                    any = true;
                }
            }
            if (!any) {
                break;
            }
        }
        List<Candidate> out = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (out.size() < n && (i < nearest.size() || j < spread.size())) {
            boolean fromNear = j >= spread.size() || i < nearest.size() && out.size() % 2 == 0;
            Candidate c = fromNear ? nearest.get(i++) : spread.get(j++);
            if (taken.add(c.url())) {
                out.add(c);
            }
        }
        return out;
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
