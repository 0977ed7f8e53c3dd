package dev.keysmith.mongodb.model;

import dev.keysmith.annotations.RandomId;

/** Twelve-digit random ids on a boxed Long; an entity without @Document (collection "member"). */
public class Member {
    @RandomId(digits = 12)
    public Long id;
    public String name;

    public Member() {
    }

    public Member(String name) {
        this.name = name;
    }
}
