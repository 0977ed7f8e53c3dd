package dev.keysmith.mongodb.parity;

import dev.keysmith.annotations.Document;
import dev.keysmith.annotations.GeneratedObjectId;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.bson.types.ObjectId;

/** The PetClinic model: an abstract BaseEntity holds the id, owners hold pets, pets hold visits. */
public final class PetClinic {

    private PetClinic() {
    }

    /** A mapped superclass: abstract, with the id, no @Document. */
    public abstract static class BaseEntity {
        @GeneratedObjectId
        protected ObjectId id;

        public ObjectId getId() {
            return id;
        }

        public void setId(ObjectId id) {
            this.id = id;
        }

        public boolean isNew() {
            return id == null;
        }
    }

    public abstract static class NamedEntity extends BaseEntity {
        private String name;

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }
    }

    public abstract static class Person extends BaseEntity {
        private String firstName;
        private String lastName;

        public String getFirstName() {
            return firstName;
        }

        public void setFirstName(String firstName) {
            this.firstName = firstName;
        }

        public String getLastName() {
            return lastName;
        }

        public void setLastName(String lastName) {
            this.lastName = lastName;
        }
    }

    @Document(collection = "owners")
    public static class Owner extends Person {
        private String address;
        private String city;
        private String telephone;
        private List<Pet> pets = new ArrayList<>();

        public String getAddress() {
            return address;
        }

        public void setAddress(String address) {
            this.address = address;
        }

        public String getCity() {
            return city;
        }

        public void setCity(String city) {
            this.city = city;
        }

        public String getTelephone() {
            return telephone;
        }

        public void setTelephone(String telephone) {
            this.telephone = telephone;
        }

        public List<Pet> getPets() {
            return pets;
        }

        public void setPets(List<Pet> pets) {
            this.pets = pets;
        }
    }

    /** A pet is an entity of its own (it has the id of BaseEntity) and is stored inside its owner too. */
    public static class Pet extends NamedEntity {
        private LocalDate birthDate;
        private PetType type;
        private List<Visit> visits = new ArrayList<>();

        public LocalDate getBirthDate() {
            return birthDate;
        }

        public void setBirthDate(LocalDate birthDate) {
            this.birthDate = birthDate;
        }

        public PetType getType() {
            return type;
        }

        public void setType(PetType type) {
            this.type = type;
        }

        public List<Visit> getVisits() {
            return visits;
        }

        public void setVisits(List<Visit> visits) {
            this.visits = visits;
        }
    }

    public static class PetType extends NamedEntity {
    }

    public static class Visit extends BaseEntity {
        private LocalDate date;
        private String description;

        public LocalDate getDate() {
            return date;
        }

        public void setDate(LocalDate date) {
            this.date = date;
        }

        public String getDescription() {
            return description;
        }

        public void setDescription(String description) {
            this.description = description;
        }
    }

    /** A generic aggregate root that holds the id, as in DDD code bases. */
    public abstract static class AbstractAggregate<ID> {
        @GeneratedObjectId
        private ID id;
        private long version;

        public ID getId() {
            return id;
        }

        public void setId(ID id) {
            this.id = id;
        }

        public long getVersion() {
            return version;
        }

        public void setVersion(long version) {
            this.version = version;
        }
    }

    @Document(collection = "vets")
    public static class Vet extends AbstractAggregate<ObjectId> {
        private String name;
        private List<String> specialties;

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public List<String> getSpecialties() {
            return specialties;
        }

        public void setSpecialties(List<String> specialties) {
            this.specialties = specialties;
        }
    }
}
