package io.quickphotos.test.spring.slice;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** An application that scans its package: a service, a controller-like component, a customizer. */
@SpringBootApplication
public class SliceApplication {}
