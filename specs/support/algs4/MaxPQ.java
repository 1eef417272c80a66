package edu.princeton.cs.algs4;

import java.util.Comparator;
import java.util.Iterator;

/** A max priority queue with the course's API (stand-in, see README.md): a MinPQ reversed. */
public class MaxPQ<Key> implements Iterable<Key> {
    private final MinPQ<Key> heap;

    public MaxPQ() { this(1); }
    public MaxPQ(int initCapacity) { this(initCapacity, null); }
    public MaxPQ(Comparator<Key> comparator) { this(1, comparator); }
    public MaxPQ(int initCapacity, Comparator<Key> comparator) {
        heap = new MinPQ<>(initCapacity, reversed(comparator), false);
    }
    public MaxPQ(Key[] keys) {
        this(keys.length + 1);
        for (Key key : keys) insert(key);
    }

    @SuppressWarnings("unchecked")
    private static <Key> Comparator<Key> reversed(Comparator<Key> comparator) {
        if (comparator != null) return comparator.reversed();
        return (a, b) -> ((Comparable<Key>) b).compareTo(a);
    }

    public boolean isEmpty() { return heap.isEmpty(); }
    public int size() { return heap.size(); }
    public Key max() { return heap.min(); }
    public void insert(Key x) { heap.insert(x); }
    public Key delMax() { return heap.delMin(); }
    public Iterator<Key> iterator() { return heap.iterator(); }
}
