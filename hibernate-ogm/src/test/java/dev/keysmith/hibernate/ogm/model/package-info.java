/** Entities of the tests, one per strategy and shape. */
package dev.keysmith.hibernate.ogm.model;
