package edu.princeton.cs.algs4;

import java.util.Comparator;
import java.util.Iterator;

/** A min priority queue on a binary heap, with the course's API (stand-in, see README.md). */
public class MinPQ<Key> implements Iterable<Key> {
    private final BinaryHeap<Key> heap;

    public MinPQ() { this(1); }
    public MinPQ(int initCapacity) { heap = new BinaryHeap<>(initCapacity, null, false); }
    public MinPQ(Comparator<Key> comparator) { this(1, comparator); }
    public MinPQ(int initCapacity, Comparator<Key> comparator) {
        heap = new BinaryHeap<>(initCapacity, comparator, false);
    }
    public MinPQ(Key[] keys) {
        this(keys.length + 1);
        for (Key key : keys) insert(key);
    }

    public boolean isEmpty() { return heap.size() == 0; }
    public int size() { return heap.size(); }
    public Key min() { return heap.top(); }
    public void insert(Key x) { heap.insert(x); }
    public Key delMin() { return heap.removeTop(); }
    public Iterator<Key> iterator() { return heap.inOrder(); }
}
