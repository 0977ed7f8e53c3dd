package com.example;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.GeneratedObjectId;

@Document(collection = "people")
public class Person {
    @GeneratedObjectId
    public String id;
    public String name;

    Person() {
    }

    public Person(String name) {
        this.name = name;
    }
}
