/** Implementation details of keysmith's reactive MongoDB module. Not API: anything here may change without notice. */
package dev.keysmith.mongodb.reactive.internal;
