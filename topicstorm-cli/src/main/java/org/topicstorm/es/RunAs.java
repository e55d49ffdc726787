package org.topicstorm.es;

import org.topicstorm.os.Processes;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The unprivileged user that runs Elasticsearch when TopicStorm runs as root (Elasticsearch refuses root).
 * The switch is made by util-linux {@code setpriv}, with the user's primary group and no supplementary groups.
 */
record RunAs(String name, long uid, long gid, Path setpriv) {

    /** Looks the user up; fails with a clear message if it or setpriv is missing. */
    static RunAs resolve(String user) {
        Path setpriv = Processes.findOnPath("setpriv");
        if (setpriv == null) {
            throw new IllegalStateException("setpriv (util-linux) not found on PATH: it is needed to start "
                    + "Elasticsearch as an unprivileged user, because Elasticsearch refuses to run as root");
        }
        Processes.Result uid = Processes.run(List.of("id", "-u", user));
        Processes.Result gid = Processes.run(List.of("id", "-g", user));
        if (!uid.ok() || !gid.ok()) {
            throw new IllegalStateException("User '" + user + "' not found (" + why(uid) + "): Elasticsearch "
                    + "refuses to run as root, so it runs as an unprivileged user; choose an existing one");
        }
        long uidValue = Long.parseLong(uid.output().strip());
        if (uidValue == 0) {
            throw new IllegalStateException("User '" + user + "' is root (uid 0): choose an unprivileged user");
        }
        return new RunAs(user, uidValue, Long.parseLong(gid.output().strip()), setpriv);
    }

    /** A failed command's output, or how it failed when it said nothing (a timeout, an exit code). */
    private static String why(Processes.Result r) {
        return r.output().isEmpty() ? r.failure(Processes.SHORT_TIMEOUT) : r.output();
    }

    /** Command words that run the rest of a command line as this user. */
    List<String> commandPrefix() {
        return List.of(setpriv.toString(), "--reuid=" + uid, "--regid=" + gid, "--clear-groups", "--");
    }

    /** Gives the whole home to this user, so the node can write its data, logs and pid file. */
    void takeOwnership(Path home) {
        Processes.Result result = Processes.run(List.of("chown", "-R", uid + ":" + gid, home.toString()));
        if (!result.ok()) {
            throw new IllegalStateException("Cannot give " + home + " to user " + name + ": " + why(result));
        }
    }

    /** Fails with a clear message if this user cannot reach the home (a parent directory closed to it, e.g. /root). */
    void checkCanRun(Path home, Path java) {
        List<String> command = new ArrayList<>(commandPrefix());
        command.addAll(List.of("test", "-w", home.toString(), "-a", "-x", java.toString()));
        if (!Processes.run(command).ok()) {
            throw new IllegalStateException("User " + name + " (uid " + uid + "), which runs Elasticsearch because "
                    + "it refuses root, cannot reach " + home + " or run " + java
                    + ": a parent directory is closed to it (as /root is). Choose a home elsewhere, such as "
                    + "/var/lib/topicstorm/elasticsearch");
        }
    }
}
