package dev.keysmith.mongodb.reactive.model;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.RandomId;

/** One random digit: nine ids in all, so inserts collide and are retried. */
@Document(collection = "players")
public class Player {

    @RandomId(digits = 1, attempts = 200)
    public long id;
    public String name;

    public Player() {
    }

    public Player(String name) {
        this.name = name;
    }
}
