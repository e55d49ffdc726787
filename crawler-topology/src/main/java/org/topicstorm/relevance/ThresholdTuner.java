package org.topicstorm.relevance;

import org.topicstorm.topic.RelevanceSettings.SelfTuning;

import java.util.ArrayList;
import java.util.List;

/**
 * The 004 patent's threshold self-tuning: people judge samples of the fetched pages; each round measures the
 * precision of what the crawler keeps among the pages judged since the last round; when it is within the tolerance
 * of the target (or above), the threshold r goes down a step (more coverage), else up a step (more precision). The
 * step halves every time the direction turns, so r closes in on the threshold where precision meets the target;
 * once the step is below the minimum, r has settled and stays.
 *
 * <p>r is crawl state: every relevance task applies the same r (the writer task tunes it and saves it in the crawl's
 * model index, kind {@link #KIND}; the others load it), and a resumed crawl continues from it. A page keeps the
 * verdict it got when it was judged: a new r changes the verdicts of pages judged from then on.
 *
 * <p>{@code basis} names the score r applies to: a page classifier that learns replaces the score's scale (a
 * keyword score, then a probability), and r starts again from the classifier's threshold ({@link #restart}).
 */
public final class ThresholdTuner implements AdaptiveModel<ThresholdTuner.State> {

    /** The document id of the tuner's state in the model index. */
    public static final String KIND = "threshold";
    /** Rounds kept in the state's history (the latest). */
    static final int HISTORY = 100;

    /**
     * One round.
     *
     * @param at        epoch ms
     * @param judged    pages judged in the round
     * @param kept      of which at or above r (the crawler keeps them)
     * @param precision of the kept, the share judged relevant
     * @param before    r before the round
     * @param after     r after it
     */
    public record Round(long at, int judged, int kept, double precision, double before, double after) {
    }

    /**
     * @param r         the threshold now
     * @param step      the next step's size
     * @param direction the last move: -1 down, +1 up, 0 none yet
     * @param settled   r no longer moves
     * @param basis     the score r applies to (e.g. "prior", "classifier")
     * @param history   the latest rounds, oldest first
     */
    public record State(double r, double step, int direction, boolean settled, String basis, List<Round> history) {
        public State {
            history = history == null ? List.of() : List.copyOf(history);
        }
    }

    /** A judged page as the tuner sees it: its score under the current basis, and the person's word. */
    public record Judged(double score, boolean relevant) {
    }

    /** What a round did. */
    public enum Outcome { LOWERED, RAISED, SETTLED, TOO_FEW, STILL }

    private final SelfTuning settings;
    private volatile State state;
    private long changes;

    public ThresholdTuner(SelfTuning settings, State state) {
        this.settings = settings;
        this.state = state;
    }

    /** The state a crawl starts with: r = the model's own threshold, the first step, nothing settled. */
    public static State initialState(SelfTuning settings, double threshold, String basis) {
        return new State(threshold, settings.step(), 0, false, basis, List.of());
    }

    /** The threshold to apply now. */
    public double threshold() {
        return state.r();
    }

    /**
     * One round over the pages judged since the last (the caller keeps pages of a round that was too small and
     * passes them again with the next ones).
     */
    public synchronized Outcome round(List<Judged> pages, long now) {
        State s = state;
        if (s.settled()) {
            return Outcome.STILL;
        }
        int kept = 0;
        int right = 0;
        for (Judged p : pages) {
            if (p.score() >= s.r()) {
                kept++;
                right += p.relevant() ? 1 : 0;
            }
        }
        if (kept < settings.minPages()) {
            return Outcome.TOO_FEW;
        }
        double precision = (double) right / kept;
        int direction = precision >= settings.target() - settings.tolerance() ? -1 : +1;
        double step = s.direction() != 0 && direction != s.direction() ? s.step() / 2 : s.step();
        boolean settled = step < settings.minStep();
        double r = settled ? s.r() : Math.max(0, Math.min(1, s.r() + direction * step));
        List<Round> history = new ArrayList<>(s.history());
        history.add(new Round(now, pages.size(), kept, precision, s.r(), r));
        if (history.size() > HISTORY) {
            history = history.subList(history.size() - HISTORY, history.size());
        }
        state = new State(r, step, direction, settled, s.basis(), history);
        changes++;
        return settled ? Outcome.SETTLED : direction < 0 ? Outcome.LOWERED : Outcome.RAISED;
    }

    /** Starts again from {@code threshold} on a new basis (the score's scale changed); the history is kept. */
    public synchronized void restart(double threshold, String basis) {
        State s = state;
        state = new State(threshold, settings.step(), 0, false, basis, s.history());
        changes++;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<State> stateType() {
        return State.class;
    }

    @Override
    public State state() {
        return state;
    }

    @Override
    public void state(State state) {
        this.state = state;
    }

    @Override
    public synchronized long changes() {
        return changes;
    }
}
