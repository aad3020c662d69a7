! race: yes
! The parallel loop runs over the second dimension, which carries the dependence.
program second_dim_dep
  implicit none
  integer :: i, j
  double precision :: h(100, 100)
  h = 1.0d0
  do i = 1, 100
    !$omp parallel do
    do j = 2, 100
      h(i, j) = h(i, j - 1) + 1.0d0
    end do
    !$omp end parallel do
  end do
  print *, h(100, 100)
end program
