package dev.keysmith.mongodb.parity;

import dev.keysmith.annotations.Document;
import java.math.BigDecimal;
import java.util.Date;
import java.util.List;
import org.bson.codecs.pojo.annotations.BsonProperty;
import org.bson.types.ObjectId;

/** The document shapes of MongoDB's public sample data sets (sample_mflix, sample_airbnb, sample_supplies). */
public final class SampleData {

    private SampleData() {
    }

    /** sample_mflix.movies. */
    @Document
    public static class Movie {
        public ObjectId id;
        public String title;
        public int year;
        public Integer runtime;
        public List<String> genres;
        public List<String> cast;
        public String plot;
        public Date released;
        public Imdb imdb;
        public Tomatoes tomatoes;
        @BsonProperty("num_mflix_comments")
        public int numMflixComments;
    }

    public static class Imdb {
        public double rating;
        public int votes;
        public int id;
    }

    public static class Tomatoes {
        public Viewer viewer;
        public Date lastUpdated;
    }

    public static class Viewer {
        public double rating;
        public int numReviews;
        public int meter;
    }

    /** sample_mflix.comments. */
    @Document
    public static class Comment {
        public ObjectId id;
        public String name;
        public String email;
        @BsonProperty("movie_id")
        public ObjectId movieId;
        public String text;
        public Date date;
    }

    /** sample_mflix.users. */
    @Document
    public static class User {
        public ObjectId id;
        public String name;
        public String email;
        public String password;
    }

    /** sample_airbnb.listingsAndReviews: a String id, reviews and a GeoJSON point. */
    @Document
    public static class Listing {
        public String id;
        public String name;
        @BsonProperty("property_type")
        public String propertyType;
        public BigDecimal price;
        public List<String> amenities;
        public ListingAddress address;
        public List<Review> reviews;
    }

    public static class ListingAddress {
        public String street;
        public String country;
        public GeoPoint location;
    }

    public static class GeoPoint {
        public String type;
        public List<Double> coordinates;
        @BsonProperty("is_location_exact")
        public boolean isLocationExact;
    }

    public static class Review {
        public String id;
        public Date date;
        @BsonProperty("listing_id")
        public String listingId;
        @BsonProperty("reviewer_name")
        public String reviewerName;
        public String comments;
    }

    /** sample_supplies.sales: items and a customer. */
    @Document
    public static class Sale {
        public ObjectId id;
        public Date saleDate;
        public List<Item> items;
        public String storeLocation;
        public Customer customer;
        public boolean couponUsed;
        public String purchaseMethod;
    }

    public static class Item {
        public String name;
        public List<String> tags;
        public BigDecimal price;
        public int quantity;
    }

    public static class Customer {
        public String gender;
        public int age;
        public String email;
        public int satisfaction;
    }
}
