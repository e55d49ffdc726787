package org.topicstorm.fetch;

import java.io.IOException;

/** A transfer stopped by the fetch path's own limits (not a network failure); the message says which and why. */
public final class FetchCutOff extends IOException {
    public FetchCutOff(String cause) {
        super(cause);
    }
}
