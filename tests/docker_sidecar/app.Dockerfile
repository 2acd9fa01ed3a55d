# The app of the sidecar tests: the base Veil's image is built on, plus the openai SDK, nothing else.
# Built with --network none from wheels the test downloads beforehand.
ARG PYTHON_IMAGE=python:3.11-slim
FROM ${PYTHON_IMAGE}
COPY wheels /wheels
RUN python -m venv /opt/app && /opt/app/bin/python -m pip install --quiet --no-index --find-links /wheels openai
ENV PATH=/opt/app/bin:$PATH PYTHONUNBUFFERED=1
