package com.example;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.UuidId;
import java.util.UUID;

@Document(collection = "sessions")
public class Session {
    @UuidId(version = UuidId.Version.TIME_ORDERED) UUID id;
    String user;

    Session() {
    }

    public Session(String user) {
        this.user = user;
    }
}
