package com.example;

import dev.keysmith.annotations.UuidId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.util.UUID;

@Entity
public class Session {
    @Id @UuidId(version = UuidId.Version.TIME_ORDERED) UUID id;
    String userName;

    protected Session() {
    }

    public Session(String userName) {
        this.userName = userName;
    }
}
