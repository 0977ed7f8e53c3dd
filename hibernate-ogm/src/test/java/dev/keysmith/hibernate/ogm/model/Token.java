package dev.keysmith.hibernate.ogm.model;

import dev.keysmith.annotations.UuidId;
import javax.persistence.Entity;
import javax.persistence.Id;

@Entity
public class Token {
    @Id
    @UuidId(version = UuidId.Version.TIME_ORDERED)
    public String id;
    public String owner;

    public Token() {
    }

    public Token(String owner) {
        this.owner = owner;
    }
}
