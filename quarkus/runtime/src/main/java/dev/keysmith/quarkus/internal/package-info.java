/** Not API: the beans and hooks the extension's build steps wire into the application. */
package dev.keysmith.quarkus.internal;
