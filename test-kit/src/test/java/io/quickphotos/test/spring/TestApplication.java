package io.quickphotos.test.spring;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;

/** An application with the starter and no configuration at all, as a new user's is. */
@SpringBootConfiguration
@EnableAutoConfiguration
class TestApplication {}
