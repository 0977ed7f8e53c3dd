package com.example;

import dev.keysmith.annotations.UuidId;
import java.util.UUID;
import javax.persistence.Entity;
import javax.persistence.Id;

@Entity
public class Session {
    @Id @UuidId(version = UuidId.Version.TIME_ORDERED) UUID id;
    String userName;

    protected Session() {
    }

    Session(String userName) {
        this.userName = userName;
    }
}
