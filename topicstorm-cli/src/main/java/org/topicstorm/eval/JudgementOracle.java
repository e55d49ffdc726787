package org.topicstorm.eval;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.judge.JudgeSampler;
import org.topicstorm.judge.Judgement;
import org.topicstorm.judge.JudgementStore;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;
import java.util.function.Predicate;

/**
 * Plays the person who judges pages during an evaluation crawl: every round it picks fetched pages not yet judged
 * ({@link JudgeSampler#sample}: half nearest the crawl's current threshold, half at random, spread over hosts) and
 * answers from the corpus labels, until its budget is spent. So the judgement loop (self-tuning, the
 * page classifier) runs unattended and is measured with a known number of judgements.
 */
public final class JudgementOracle {

    private static final Logger LOG = LoggerFactory.getLogger(JudgementOracle.class);
    /** Who the judgements are by. */
    public static final String WHO = "oracle";

    private final JudgementStore store;
    private final JudgeSampler sampler;
    private final Predicate<String> relevant;
    private final DoubleSupplier threshold;
    private final int budget;
    private final int perRound;
    private int spent;

    /**
     * @param relevant  the label of a URL
     * @param threshold the crawl's threshold now (where to sample)
     * @param budget    judgements in all
     * @param perRound  judgements per round at most
     */
    public JudgementOracle(JudgementStore store, JudgeSampler sampler, Predicate<String> relevant,
                           DoubleSupplier threshold, int budget, int perRound) {
        this.store = store;
        this.sampler = sampler;
        this.relevant = relevant;
        this.threshold = threshold;
        this.budget = budget;
        this.perRound = perRound;
    }

    /** Judgements made so far. */
    public synchronized int spent() {
        return spent;
    }

    /** One round; returns how many pages it judged. */
    public synchronized int round(long now) throws IOException {
        int n = Math.min(perRound, budget - spent);
        if (n <= 0) {
            return 0;
        }
        double r = threshold.getAsDouble();
        List<Judgement> out = new ArrayList<>();
        for (StatusDoc d : sampler.sample(r, n, false, now)) {
            out.add(Judgement.of(d.url(), relevant.test(d.url()), WHO, now, d.relevance(), d.relevant()));
        }
        store.put(out);
        spent += out.size();
        return out.size();
    }

    /** {@link #round}, with a failure logged (an index not made yet, ES busy): the next round tries again. */
    public void roundQuietly() {
        try {
            round(System.currentTimeMillis());
        } catch (IOException | RuntimeException e) {
            LOG.debug("Oracle round failed: {}", e.toString());
        }
    }
}
