/**
 * keysmith's Quarkus extension: the generated codecs and ids of keysmith entities on Quarkus's MongoDB client and on
 * Panache MongoDB, blocking and reactive, with nothing to configure but the database. Settings are
 * {@code quarkus.keysmith.*} ({@link dev.keysmith.quarkus.KeysmithConfig}); see docs/quarkus.md.
 */
package dev.keysmith.quarkus;
