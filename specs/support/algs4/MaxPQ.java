package edu.princeton.cs.algs4;

import java.util.Comparator;
import java.util.Iterator;

/** A max priority queue on a binary heap, with the course's API (stand-in, see README.md). */
public class MaxPQ<Key> implements Iterable<Key> {
    private final BinaryHeap<Key> heap;

    public MaxPQ() { this(1); }
    public MaxPQ(int initCapacity) { heap = new BinaryHeap<>(initCapacity, null, true); }
    public MaxPQ(Comparator<Key> comparator) { this(1, comparator); }
    public MaxPQ(int initCapacity, Comparator<Key> comparator) {
        heap = new BinaryHeap<>(initCapacity, comparator, true);
    }
    public MaxPQ(Key[] keys) {
        this(keys.length + 1);
        for (Key key : keys) insert(key);
    }

    public boolean isEmpty() { return heap.size() == 0; }
    public int size() { return heap.size(); }
    public Key max() { return heap.top(); }
    public void insert(Key x) { heap.insert(x); }
    public Key delMax() { return heap.removeTop(); }
    public Iterator<Key> iterator() { return heap.inOrder(); }
}
