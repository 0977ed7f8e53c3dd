/** Implementation details of keysmith. Not API: anything here may change without notice. */
package dev.keysmith.runtime.internal;
