package com.example

import dev.keysmith.annotations.GeneratedObjectId
import dev.keysmith.annotations.RandomId
import dev.keysmith.annotations.Sequence
import dev.keysmith.annotations.UuidId
import jakarta.persistence.Entity
import jakarta.persistence.Id
import java.util.UUID
import org.bson.types.ObjectId
import org.springframework.data.jpa.repository.JpaRepository

// JPA entities on Hibernate: classes of `var`s (the jpa and all-open compiler plugins give them the
// no-argument constructor and the open members Hibernate needs), keysmith's annotation next to @Id.

@Entity
class Ticket(@Id @Sequence(batch = 20) var number: Long? = null, var title: String)

@Entity
class Visit(@Id @UuidId(version = UuidId.Version.TIME_ORDERED) var id: UUID? = null, var page: String)

@Entity
class Upload(@Id @GeneratedObjectId var id: ObjectId? = null, var fileName: String)

@Entity
class Card(var holder: String) {
    @Id
    @RandomId(digits = 12)
    var number: Long? = null
}

interface Tickets : JpaRepository<Ticket, Long>

interface Visits : JpaRepository<Visit, UUID>

interface Uploads : JpaRepository<Upload, ObjectId>

interface Cards : JpaRepository<Card, Long>
