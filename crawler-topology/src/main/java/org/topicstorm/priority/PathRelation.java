package org.topicstorm.priority;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How a link's URL relates to the URL of the page it was found on (003 patent, methods.md): the path weight tau of
 * the link coefficient beta depends on it.
 */
public enum PathRelation {
    /** The child lies below the parent's directory (a sub-directory, or the parent is that directory's index). */
    EXTENDS,
    /** Same host, same number of directories and the same length of each directory name: a follow-up page. */
    SAME_SHAPE,
    /** A target repeated across the site (navigation, banners): decided from what the crawl saw, not the URL. */
    BOILERPLATE,
    /** None of these (another host, another part of the site). */
    OTHER;

    /** The relation of {@code child} to {@code parent} from the URLs alone (never {@link #BOILERPLATE}). */
    public static PathRelation of(String parent, String child) {
        URI p;
        URI c;
        try {
            p = new URI(parent);
            c = new URI(child);
        } catch (java.net.URISyntaxException e) {
            return OTHER;
        }
        if (p.getHost() == null || c.getHost() == null
                || !p.getHost().equalsIgnoreCase(c.getHost()) || p.getPort() != c.getPort()) {
            return OTHER;
        }
        List<String> parentDirs = directories(p.getRawPath());
        List<String> childDirs = directories(c.getRawPath());
        boolean below = childDirs.size() >= parentDirs.size() && childDirs.subList(0, parentDirs.size()).equals(parentDirs);
        if (below && (childDirs.size() > parentDirs.size() || isDirectoryIndex(p.getRawPath()))) {
            return EXTENDS;
        }
        if (childDirs.size() == parentDirs.size()) {
            for (int i = 0; i < childDirs.size(); i++) {
                if (childDirs.get(i).length() != parentDirs.get(i).length()) {
                    return OTHER;
                }
            }
            return SAME_SHAPE;
        }
        return OTHER;
    }

    /** The directory names of a path: "/a/b/c.html" -&gt; [a, b]; "/a/b/" -&gt; [a, b]. */
    static List<String> directories(String path) {
        List<String> dirs = new ArrayList<>();
        if (path == null || path.isEmpty()) {
            return dirs;
        }
        String[] parts = path.split("/", -1);
        // the last part is the file name ("" for a directory URL)
        for (int i = 0; i < parts.length - 1; i++) {
            if (!parts[i].isEmpty()) {
                dirs.add(parts[i]);
            }
        }
        return dirs;
    }

    /** A directory URL ("/docs/") or its index page ("/docs/index.html"): its directory is its topic. */
    static boolean isDirectoryIndex(String path) {
        if (path == null || path.isEmpty() || path.endsWith("/")) {
            return true;
        }
        String file = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        return file.startsWith("index.") || file.startsWith("default.") || file.equals("index");
    }
}
