package edu.princeton.cs.algs4;

import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * A min priority queue on a binary heap, with the course's API (stand-in, see README.md), that
 * counts its operations for the grader: a spec lists this file even beside the course's own
 * algs4.jar, and it takes the jar's MinPQ's place (the submission's classes come first on the
 * class path). Self-contained: the course's jar has none of this folder's other classes.
 */
public class MinPQ<Key> implements Iterable<Key> {
    // Counts since the last searchgraderCounts(): queues made, inserts, delMins, and the most
    // delMins of one queue (a Solver's search, its twin's in a queue of its own).
    private static long epoch = 0;
    private static long queues = 0;
    private static long inserts = 0;
    private static long delMins = 0;
    private static long busiest = 0;

    private Key[] pq;
    private int n = 0;
    private final Comparator<Key> comparator;
    private final boolean counted;
    private long countedEpoch = epoch;
    private long dequeued = 0;

    public MinPQ() { this(1); }
    public MinPQ(int initCapacity) { this(initCapacity, null); }
    public MinPQ(Comparator<Key> comparator) { this(1, comparator); }
    public MinPQ(int initCapacity, Comparator<Key> comparator) {
        this(initCapacity, comparator, true);
    }
    // Uncounted: MaxPQ's heap, and a copy to iterate over, are not a search's queue.
    @SuppressWarnings("unchecked")
    MinPQ(int initCapacity, Comparator<Key> comparator, boolean counted) {
        pq = (Key[]) new Object[Math.max(initCapacity, 1) + 1];
        this.comparator = comparator;
        this.counted = counted;
        if (counted) ++queues;
    }
    public MinPQ(Key[] keys) {
        this(keys.length + 1);
        for (Key key : keys) insert(key);
    }

    /**
     * The counts since the previous call, which starts counting anew: "queues", "inserts",
     * "delMins" and "busiest" (the most delMin() calls on one queue).
     */
    public static Map<String, Long> searchgraderCounts() {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("queues", queues);
        counts.put("inserts", inserts);
        counts.put("delMins", delMins);
        counts.put("busiest", busiest);
        ++epoch;
        queues = inserts = delMins = busiest = 0;
        return counts;
    }

    public boolean isEmpty() { return n == 0; }
    public int size() { return n; }

    public Key min() {
        if (n == 0) throw new NoSuchElementException("Priority queue underflow");
        return pq[1];
    }

    public void insert(Key x) {
        if (counted) ++inserts;
        if (n == pq.length - 1) resize(2 * pq.length);
        pq[++n] = x;
        swim(n);
    }

    public Key delMin() {
        if (n == 0) throw new NoSuchElementException("Priority queue underflow");
        if (counted) {
            if (countedEpoch != epoch) {
                countedEpoch = epoch;
                dequeued = 0;
            }
            ++delMins;
            busiest = Math.max(busiest, ++dequeued);
        }
        Key top = pq[1];
        exchange(1, n--);
        sink(1);
        pq[n + 1] = null;
        if (n > 0 && n == (pq.length - 1) / 4) resize(pq.length / 2);
        return top;
    }

    public Iterator<Key> iterator() {
        MinPQ<Key> copy = new MinPQ<>(n, comparator, false);
        for (int i = 1; i <= n; i++) copy.insert(pq[i]);
        return new Iterator<Key>() {
            public boolean hasNext() { return !copy.isEmpty(); }
            public Key next() {
                if (!hasNext()) throw new NoSuchElementException();
                return copy.delMin();
            }
        };
    }

    @SuppressWarnings("unchecked")
    private void resize(int capacity) {
        Key[] resized = (Key[]) new Object[capacity];
        System.arraycopy(pq, 1, resized, 1, n);
        pq = resized;
    }

    private void swim(int k) {
        while (k > 1 && greater(k / 2, k)) {
            exchange(k, k / 2);
            k = k / 2;
        }
    }

    private void sink(int k) {
        while (2 * k <= n) {
            int j = 2 * k;
            if (j < n && greater(j, j + 1)) j++;
            if (!greater(k, j)) break;
            exchange(k, j);
            k = j;
        }
    }

    @SuppressWarnings("unchecked")
    private boolean greater(int i, int j) {
        if (comparator != null) return comparator.compare(pq[i], pq[j]) > 0;
        return ((Comparable<Key>) pq[i]).compareTo(pq[j]) > 0;
    }

    private void exchange(int i, int j) {
        Key swap = pq[i];
        pq[i] = pq[j];
        pq[j] = swap;
    }
}
