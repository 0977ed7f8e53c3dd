package dev.keysmith.benchmarks.spring;

/**
 * The fields the three invoices of the benchmark share (each declares its own id, which is what differs). Not
 * thread-safe: confine to one thread.
 */
public abstract class BenchmarkInvoice {

    private final String customer;
    private final long cents;

    protected BenchmarkInvoice(String customer, long cents) {
        this.customer = customer;
        this.cents = cents;
    }

    public String getCustomer() {
        return customer;
    }

    public long getCents() {
        return cents;
    }
}
