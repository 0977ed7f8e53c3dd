package dev.keysmith.samples;

/** The keysmith demo. It grows with the samples issue; for now it says so. */
public final class Demo {

    private Demo() {
    }

    public static void main(String[] args) {
        System.out.println("keysmith demo: the samples are not written yet (see the samples issue).");
    }
}
