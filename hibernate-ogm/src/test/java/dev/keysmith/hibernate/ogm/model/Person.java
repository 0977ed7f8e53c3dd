package dev.keysmith.hibernate.ogm.model;

import dev.keysmith.annotations.GeneratedObjectId;
import javax.persistence.Entity;
import javax.persistence.Id;
import org.bson.types.ObjectId;

@Entity
public class Person {
    @Id
    @GeneratedObjectId
    public ObjectId id;
    public String name;

    public Person() {
    }

    public Person(String name) {
        this.name = name;
    }
}
